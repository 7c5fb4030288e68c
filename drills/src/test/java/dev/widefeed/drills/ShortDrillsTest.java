package dev.widefeed.drills;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.storekill.StoreKillDrill;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The suite's short version of the store drill: the service's own jar (built by the reactor before this module),
 * its embedded Cassandra killed with -9 under load, every figure met. The full drills, on both backends and with
 * the freeze and the churn, run by their own command (docs/drills.md, "Drills").
 */
@Tag("store") // starts the service on real stores (docs/TESTING.md)
@Tag("slow")
class ShortDrillsTest {
    private static final Path JAR =
            Path.of(System.getProperty("widefeed.drills.serviceJar", "../service/target/widefeed-service.jar"));

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void aKilledStoreComesBackAndNothingAcknowledgedIsLost() throws Exception {
        Path data = Path.of("target/drills/store-kill-cassandra");
        ServiceRun.wipe(data);
        Figures figures = new StoreKillDrill()
                .run(
                        new ServiceRun.Layout(JAR, Path.of("../config.yml"), data, "cassandra", 18080),
                        Drill.Settings.SHORT);
        figures.print(System.out);
        assertThat(figures.all())
                .allSatisfy(f -> assertThat(f.met())
                        .as("%s: %s (limit %s)", f.name(), f.value(), f.limit())
                        .isTrue());
    }
}
