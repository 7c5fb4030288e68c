package dev.widefeed.drills;

import dev.widefeed.drills.backup.BackupDrill;
import dev.widefeed.drills.churn.ChurnDrill;
import dev.widefeed.drills.cluster.ClusterDrill;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.homepages.HomePagesDrill;
import dev.widefeed.drills.regionserverkill.RegionServerKillDrill;
import dev.widefeed.drills.servicekill.FollowerLoad;
import dev.widefeed.drills.servicekill.ServiceKillDrill;
import dev.widefeed.drills.soak.SoakDrill;
import dev.widefeed.drills.storefreeze.StoreFreezeDrill;
import dev.widefeed.drills.storekill.StoreKillDrill;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.sourceforge.argparse4j.ArgumentParsers;
import net.sourceforge.argparse4j.inf.ArgumentParser;
import net.sourceforge.argparse4j.inf.ArgumentParserException;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * {@code java -jar drills/target/widefeed-drills.jar DRILL|all [--backend cassandra|hbase|both] [--short]}: runs
 * drills against the service started as the README starts it (its jar, config.yml), each on a fresh data directory,
 * prints every figure with the limit it must meet, and exits 1 when one is missed.
 */
public final class DrillsMain {
    static final Map<String, Drill> DRILLS = Stream.of(
                    new StoreKillDrill(),
                    new StoreFreezeDrill(),
                    new ChurnDrill(),
                    new ServiceKillDrill(),
                    new ClusterDrill(),
                    new RegionServerKillDrill(),
                    new BackupDrill(),
                    new SoakDrill(),
                    new HomePagesDrill())
            .collect(Collectors.toMap(Drill::name, Function.identity(), (a, b) -> a, java.util.LinkedHashMap::new));

    private DrillsMain() {}

    public static void main(String[] args) throws Exception {
        ArgumentParser parser = ArgumentParsers.newFor("drills")
                .build()
                .description("fault drills: a store or the service killed or frozen under load, and what survived");
        parser.addArgument("drill")
                .choices(Stream.concat(DRILLS.keySet().stream(), Stream.of("all"))
                        .toList())
                .help("the drill to run, or all of them");
        parser.addArgument("--backend").choices("cassandra", "hbase", "both").setDefault("both");
        parser.addArgument("--short")
                .action(net.sourceforge.argparse4j.impl.Arguments.storeTrue())
                .help("the suite's short version: the same checks over less time");
        parser.addArgument("--churn-seconds")
                .type(Integer.class)
                .help("how long the churn drill churns (default 600, --short 30)");
        parser.addArgument("--soak-minutes")
                .type(Integer.class)
                .help("how long the soak drill soaks (default 30, --short 2)");
        parser.addArgument("--rate")
                .type(Double.class)
                .help("the soak's requests a second (default: half the knee it finds first; --short 50)");
        parser.addArgument("--followers")
                .type(Integer.class)
                .help("the service-kill drill's author's followers (default 100000, --short 50000)");
        parser.addArgument("--perf-jar")
                .help(
                        "the perf module's jar, which loads the service-kill drill's "
                                + "followers into the store (default: perf/target/widefeed-perf.jar beside the service's module)");
        parser.addArgument("--data").setDefault("data/drills").help("where each drill's store and logs go (wiped)");
        parser.addArgument("--service-jar").setDefault("service/target/widefeed-service.jar");
        parser.addArgument("--config").setDefault("config.yml");
        parser.addArgument("--port")
                .type(Integer.class)
                .setDefault(18080)
                .help("the service's port; admin is the next one, the store's a few above");
        Namespace options;
        try {
            options = parser.parseArgs(args);
        } catch (ArgumentParserException e) {
            parser.handleError(e);
            System.exit(2);
            return;
        }
        Path jar = Path.of(options.getString("service_jar"));
        if (!Files.isRegularFile(jar)) {
            System.err.println("drills: " + jar + " is missing: build first (mvn -B -ntp package -DskipTests)");
            System.exit(2);
        }
        if (options.getString("perf_jar") != null) {
            System.setProperty(FollowerLoad.PERF_JAR_PROPERTY, options.getString("perf_jar"));
        }
        Drill.Settings settings = options.getBoolean("short") ? Drill.Settings.SHORT : Drill.Settings.FULL;
        Integer churn = options.getInt("churn_seconds");
        if (churn != null) {
            settings = settings.withChurnSeconds(churn);
        }
        Integer followers = options.getInt("followers");
        if (followers != null) {
            settings = settings.withFollowers(followers);
        }
        Integer soakMinutes = options.getInt("soak_minutes");
        Double rate = options.getDouble("rate");
        settings = settings.withSoak(
                soakMinutes != null ? soakMinutes : settings.soakMinutes(), rate != null ? rate : settings.soakRate());
        String drill = options.getString("drill");
        List<Drill> drills = drill.equals("all") ? List.copyOf(DRILLS.values()) : List.of(DRILLS.get(drill));
        String backend = options.getString("backend");
        List<Figures> results = new ArrayList<>();
        for (Drill d : drills) {
            for (String b : d.backends()) {
                if (!backend.equals("both") && !backend.equals(b)) {
                    continue;
                }
                Path data = Path.of(options.getString("data")).resolve(d.name() + "-" + b);
                ServiceRun.wipe(data);
                System.out.printf("%n%s on %s (service log: %s)%n", d.name(), b, data.resolve("service.log"));
                Figures figures = d.run(
                        new ServiceRun.Layout(
                                jar, Path.of(options.getString("config")), data, b, options.getInt("port")),
                        settings);
                figures.print(System.out);
                results.add(figures);
            }
        }
        boolean met = results.stream().allMatch(Figures::met);
        System.out.printf("%n%d drill run(s): %s%n", results.size(), met ? "every figure met" : "FIGURES MISSED");
        System.exit(met ? 0 : 1);
    }
}
