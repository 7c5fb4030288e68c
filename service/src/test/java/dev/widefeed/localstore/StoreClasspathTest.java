package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StoreClasspathTest {

    @Test
    void theBuildWritesBothServerClasspaths() {
        assertThat(StoreClasspath.load(LocalCassandra.CLASSPATH_RESOURCE).versionOf("cassandra-all"))
                .hasValue("5.0.9");
        assertThat(StoreClasspath.load(LocalHBase.CLASSPATH_RESOURCE).versionOf("hbase-server"))
                .hasValue("2.6.4-hadoop3");
    }

    @Test
    void aMissingClasspathFileTellsToRunTheBuild() {
        assertThatThrownBy(() -> StoreClasspath.load("localstore/no-such-server.classpath"))
                .isInstanceOf(LocalStoreException.class)
                .hasMessageContaining("localstore/no-such-server.classpath")
                .hasMessageContaining("run `mvn package` first");
    }
}
