package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plan of a local HBase cluster's processes: none is started. */
class HBaseMemberTest {

    private static final Path DATA = Path.of("/tmp/widefeed-test/hbase");

    @Test
    void zooKeeperThenTheMasterThenEachRegionServerOnItsOwnPortAndDirectory() {
        List<HBaseMember> members = HBaseMember.plan(
                LocalHBase.Settings.defaults(DATA).withHeapMb(768).withRegionServers(3));

        assertThat(members)
                .extracting(HBaseMember::name)
                .containsExactly("zookeeper", "master", "regionserver1", "regionserver2", "regionserver3");
        assertThat(members)
                .extracting(HBaseMember::role)
                .containsExactly(
                        HBaseMember.Role.ZOOKEEPER,
                        HBaseMember.Role.MASTER,
                        HBaseMember.Role.REGION_SERVER,
                        HBaseMember.Role.REGION_SERVER,
                        HBaseMember.Role.REGION_SERVER);
        assertThat(members).extracting(HBaseMember::port).containsExactly(2181, 16000, 16020, 16021, 16022);
        assertThat(members)
                .extracting(HBaseMember::dir)
                .containsExactly(
                        DATA.resolve("cluster/zookeeper"),
                        DATA.resolve("cluster/master"),
                        DATA.resolve("cluster/regionserver1"),
                        DATA.resolve("cluster/regionserver2"),
                        DATA.resolve("cluster/regionserver3"));
        assertThat(members)
                .extracting(HBaseMember::heapMb)
                .containsExactly(HBaseMember.ZOOKEEPER_HEAP_MB, HBaseMember.MASTER_HEAP_MB, 768, 768, 768);
        assertThat(members.get(2).logFile()).isEqualTo(DATA.resolve("cluster/regionserver1/logs/regionserver1.log"));
    }

    @Test
    void oneRegionServerIsStandaloneNotACluster() {
        assertThatThrownBy(() -> HBaseMember.plan(LocalHBase.Settings.defaults(DATA)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("standalone");
        assertThatThrownBy(() -> LocalHBase.Settings.defaults(DATA).withRegionServers(0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
