package dev.widefeed.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.Population;
import dev.widefeed.perf.workload.PopulationGenerator;
import dev.widefeed.perf.workload.TestProfiles;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.perf.workload.WorkloadSpec;
import dev.widefeed.perf.workload.WorkloadWriter;
import dev.widefeed.stats.PowerLawFit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile made of a generated population (exponent 2.2, measured back by {@link PowerLawFit}, as the profile job
 * measures the live tables) and fed through {@code perf generate --profile} gives the population it describes.
 */
class GenerateFromProfileTest {
    private static final int USERS = 40_000;

    @TempDir
    static Path dir;

    private static ObjectNode profile;
    private static Path file;

    @BeforeAll
    static void profileOfAGeneratedPopulation() throws Exception {
        Population population = PopulationGenerator.generate(new WorkloadSpec(
                USERS, 2.2, 25, List.of(30_000, 12_000), 7, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0));
        profile = TestProfiles.of(population.followers(), "generated population, exponent 2.2", 2.2);
        file = TestProfiles.write(profile, dir.resolve("live-profile.json"));
        System.out.println("profile: exponent " + profile.path("followers").path("powerLaw") + ", mean "
                + profile.path("followers").path("mean") + ", celebrities " + profile.path("celebrities"));
    }

    @Test
    void theGeneratedPopulationHasTheProfilesExponentMeanAndCelebrities() throws Exception {
        Path out = dir.resolve("w");
        generate("--profile", file.toString(), "--events", "20000", "--out", out.toString());
        WorkloadReader workload = WorkloadReader.open(out);
        int[] followers = followers(workload);
        PowerLawFit fit = PowerLawFit.of(followers).orElseThrow();
        double exponent =
                profile.path("followers").path("powerLaw").path("exponent").asDouble();
        double mean = profile.path("followers").path("mean").asDouble();
        double generatedMean = mean(followers);
        System.out.printf(
                "profile exponent %.3f, mean %.2f; generated %s, mean %.2f%n", exponent, mean, fit, generatedMean);
        assertThat(fit.exponent()).isCloseTo(exponent, within(0.1));
        assertThat(generatedMean).isCloseTo(mean, within(0.05 * mean));

        List<Long> profiled = new ArrayList<>();
        profile.path("celebrities").forEach(c -> profiled.add(c.asLong()));
        assertThat(profiled).contains(30_000L, 12_000L);
        assertThat(above(followers, 10_000))
                .as("every account above 10,000, none added")
                .isEqualTo(profiled);
        assertThat(workload.celebrityFollowers())
                .containsExactly(profiled.stream().mapToInt(Long::intValue).toArray());

        JsonNode manifest = workload.manifest();
        assertThat(manifest.path("profile").path("file").asText()).isEqualTo("live-profile.json");
        assertThat(manifest.path("profile").path("source").asText()).isEqualTo("generated population, exponent 2.2");
        assertThat(manifest.path("profile").path("sha256").asText()).hasSize(64);
        JsonNode spec = manifest.path("spec");
        assertThat(spec.path("users").asInt()).isEqualTo(USERS);
        assertThat(spec.path("zipfExponent").asDouble()).isEqualTo(exponent);
        assertThat(spec.path("ordinaryMaxFollowers").asInt()).isEqualTo(10_000);
        // 40 % not reading within 7 days, of all users; the spec's share is of the non-celebrities
        int celebrities = profiled.size();
        assertThat(spec.path("dormantShare").asDouble()).isCloseTo(0.4 * USERS / (USERS - celebrities), within(1e-12));

        // posts : home reads = 0.8 : 5.2; home reads a day = 5.2 * 30 % of the users
        JsonNode mix = manifest.path("model").path("mix");
        assertThat(mix.path("post").asDouble() / mix.path("home_read").asDouble())
                .isCloseTo(0.8 / 5.2, within(1e-4));
        assertThat(mix.path("user_read").asDouble() / mix.path("home_read").asDouble())
                .isCloseTo(13.0 / 52, within(1e-4));
        double homeReadsPerDay = spec.path("eventsPerSecond").asDouble()
                * 86_400
                * mix.path("home_read").asDouble();
        assertThat(homeReadsPerDay).isCloseTo(5.2 * 0.3 * USERS, within(0.001 * 5.2 * 0.3 * USERS));
        assertThat(spec.path("preset").asText()).isEqualTo("calibrated read-heavy");
        long posts = manifest.path("counts")
                .path("eventsByKind")
                .path(EventKind.POST.label())
                .asLong();
        long reads = manifest.path("counts")
                .path("eventsByKind")
                .path(EventKind.HOME_READ.label())
                .asLong();
        assertThat((double) posts / reads).isCloseTo(0.8 / 5.2, within(0.02));
    }

    @Test
    void givenUsersScaleThePopulationAndKeepCelebritiesInProportion() throws Exception {
        Path out = dir.resolve("half");
        generate("--profile", file.toString(), "--users", "20000", "--events", "1000", "--out", out.toString());
        WorkloadReader workload = WorkloadReader.open(out);
        int[] followers = followers(workload);
        PowerLawFit fit = PowerLawFit.of(followers).orElseThrow();
        double exponent =
                profile.path("followers").path("powerLaw").path("exponent").asDouble();
        double mean = profile.path("followers").path("mean").asDouble();
        System.out.printf(
                "half the users: %s, mean %.2f, celebrities %s%n", fit, mean(followers), above(followers, 10_000));
        assertThat(followers).hasSize(20_000);
        assertThat(fit.exponent()).isCloseTo(exponent, within(0.1));
        assertThat(mean(followers)).isCloseTo(mean, within(0.05 * mean));
        int profiled = profile.path("celebrities").size();
        int[] celebrities = workload.celebrityFollowers();
        assertThat(celebrities).hasSize((int) Math.max(1, Math.round(profiled / 2.0)));
        assertThat(celebrities[0]).as("the biggest, capped at users-1").isEqualTo(19_999);
    }

    @Test
    void theSameProfileAndOptionsGiveTheSameBytes() throws Exception {
        for (String copy : List.of("a", "b")) {
            generate(
                    "--profile",
                    file.toString(),
                    "--users",
                    "5000",
                    "--seed",
                    "3",
                    "--events",
                    "1000",
                    "--out",
                    dir.resolve("same-" + copy).toString());
        }
        // the manifest carries every file's SHA-256
        assertThat(Files.readString(dir.resolve("same-b").resolve(WorkloadWriter.MANIFEST)))
                .isEqualTo(Files.readString(dir.resolve("same-a").resolve(WorkloadWriter.MANIFEST)));
    }

    @Test
    void optionsTheProfileSetsAreRefused() {
        assertThatThrownBy(() -> generate(
                        "--profile",
                        file.toString(),
                        "--rate",
                        "50",
                        "--zipf-exponent",
                        "2.5",
                        "--out",
                        dir.resolve("refused").toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("drop --zipf-exponent, --rate");
    }

    private static void generate(String... args) throws Exception {
        new Commands(PerfMain.parser().parseArgs(prepend("generate", args))).run();
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    private static int[] followers(WorkloadReader workload) throws Exception {
        int[] followers = new int[workload.users()];
        workload.users((user, count, reads, posts) -> followers[user] = count);
        return followers;
    }

    private static double mean(int[] followers) {
        long sum = 0;
        for (int f : followers) {
            sum += f;
        }
        return (double) sum / followers.length;
    }

    private static List<Long> above(int[] followers, int threshold) {
        List<Long> above = new ArrayList<>();
        for (int f : followers) {
            if (f > threshold) {
                above.add((long) f);
            }
        }
        above.sort(Comparator.reverseOrder());
        return above;
    }
}
