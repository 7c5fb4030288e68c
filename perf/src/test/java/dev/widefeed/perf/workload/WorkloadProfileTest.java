package dev.widefeed.perf.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadProfileTest {
    @TempDir
    Path dir;

    @Test
    void readsAProfileIgnoringFieldsItDoesNotKnow() throws Exception {
        ObjectNode json = TestProfiles.small();
        json.put("job", "profile-tables 0.3");
        ((ObjectNode) json.path("followers")).put("median", 4);
        json.putArray("celebrities").add(15_000).add(20_000); // not largest first: sorted on reading
        WorkloadProfile profile = WorkloadProfile.read(TestProfiles.write(json, dir.resolve("p.json")));

        assertThat(profile.users()).isEqualTo(25_000);
        assertThat(profile.source()).isEqualTo("test fixture");
        assertThat(profile.celebrities()).containsExactly(20_000L, 15_000L);
        assertThat(profile.followers().max()).isEqualTo(20_000);
        assertThat(profile.activeReaderShare().lastDay()).isEqualTo(0.30);
        assertThat(profile.usersByFollowers()).containsEntry(20_000L, 1L);
        assertThat(profile.inconsistencies()).isEmpty();
    }

    @Test
    void aMissingFieldIsNamedByItsPath() {
        assertThat(problem(j -> ((ObjectNode) j.path("followers").path("powerLaw")).remove("exponent")))
                .contains("p.json")
                .contains("followers.powerLaw.exponent is missing");
        assertThat(problem(j -> ((ObjectNode) j.path("activeReaderShare")).remove("24h")))
                .contains("activeReaderShare.24h is missing");
        assertThat(problem(j -> j.remove("readsPerReaderPerDay"))).contains("readsPerReaderPerDay is missing");
        assertThat(problem(j -> j.putNull("users"))).contains("users: expected a whole number, found null");
        assertThat(problem(j -> j.putNull("followers"))).contains("followers is null");
    }

    @Test
    void anImpossibleValueIsNamedWithWhatItMustBe() {
        assertThat(problem(j -> ((ObjectNode) j.path("followers").path("powerLaw")).put("exponent", 0.9)))
                .contains("followers.powerLaw: exponent must be a finite number above 1, got 0.9");
        assertThat(problem(j -> ((ObjectNode) j.path("activeReaderShare")).put("7d", 1.2)))
                .contains("activeReaderShare: shares must be in [0, 1]");
        assertThat(problem(j -> ((ObjectNode) j.path("activeReaderShare")).put("1h", 0.5)))
                .contains("shares must not fall with the window");
        assertThat(problem(j -> j.put("users", 1))).contains("users must be at least 2");
        assertThat(problem(j -> j.put("version", 2))).contains("version 2 is not one perf reads");
        assertThat(problem(j -> j.put("postsPerAuthorPerDay", -1))).contains("postsPerAuthorPerDay must be");
        assertThat(problem(j -> j.putArray("celebrities").add(20_000).add(9_000)))
                .contains("celebrities are accounts with more than 10000 followers, found 9000");
        assertThat(problem(j -> j.putArray("celebrities").add(20_000)))
                .contains("followers.histogram has 2 users with more than 10000 followers, celebrities lists 1");
        assertThat(problem(j -> j.put("users", 5_000)))
                .contains("followers.histogram counts 25000 users, the profile 5000");
        assertThat(problem(
                        j -> ((ObjectNode) j.path("followers").path("histogram").get(0)).put("users", -3)))
                .contains("followers.histogram[0]: users must be >= 0, got -3");
    }

    @Test
    void aValueOfTheWrongTypeIsNotRoundedOrParsed() {
        assertThat(problem(j -> j.put("users", 25000.5))).contains("users: expected a whole number, found 25000.5");
        assertThat(problem(j -> j.put("users", "25000")))
                .contains("users: expected a whole number, found the string \"25000\"");
        assertThat(problem(j -> j.put("celebrities", "20000,15000")))
                .contains("celebrities: expected an array, found the string \"20000,15000\"");
        assertThat(problem(j -> j.put("followers", 12))).contains("followers: expected an object, found 12");
        assertThat(problem(j -> j.putObject("activeReaderShare").put("1h", "high")))
                .contains("activeReaderShare.1h: expected a number, found the string \"high\"");
    }

    @Test
    void notJsonOrNoFileIsSaidSo() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"version\": 1, \"users\": ");
        assertThatThrownBy(() -> WorkloadProfile.read(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("broken.json")
                .hasMessageContaining("not a JSON document");
        assertThatThrownBy(() -> WorkloadProfile.read(dir.resolve("absent.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such profile file");
    }

    @Test
    void summariesThatDisagreeWithTheHistogramAreReportedNotRefused() throws Exception {
        ObjectNode json = TestProfiles.small();
        ((ObjectNode) json.path("followers"))
                .put("mean", 1.5 * json.path("followers").path("mean").asDouble());
        ((ObjectNode) json.path("followers").path("powerLaw")).put("tailUsers", 3);
        WorkloadProfile profile = WorkloadProfile.read(TestProfiles.write(json, dir.resolve("p.json")));
        assertThat(profile.inconsistencies())
                .hasSize(2)
                .anySatisfy(s -> assertThat(s).startsWith("followers.mean is"))
                .anySatisfy(s -> assertThat(s).startsWith("followers.powerLaw.tailUsers is 3"));

        // 15,000 users cannot give anyone 20,000 followers: tables profiled at different times, say
        ObjectNode fewer = TestProfiles.small();
        fewer.put("users", 15_000);
        ((ObjectNode) fewer.path("followers").path("powerLaw")).put("tailUsers", 100);
        ((ObjectNode) fewer.path("followers").path("histogram").get(0))
                .put(
                        "users",
                        fewer.path("followers")
                                        .path("histogram")
                                        .get(0)
                                        .path("users")
                                        .asLong()
                                - 10_000);
        assertThat(WorkloadProfile.read(TestProfiles.write(fewer, dir.resolve("q.json")))
                        .inconsistencies())
                .anySatisfy(s -> assertThat(s).isEqualTo("followers.max is 20000, more than the other 14999 users"));
    }

    private String problem(Consumer<ObjectNode> change) {
        ObjectNode json = TestProfiles.small();
        change.accept(json);
        try {
            WorkloadProfile.read(TestProfiles.write(json, dir.resolve("p.json")));
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
            return e.getMessage();
        } catch (Exception e) {
            throw new AssertionError("not an IllegalArgumentException", e);
        }
        throw new AssertionError("accepted: " + json);
    }
}
