package dev.widefeed.perf.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.perf.workload.WorkloadSpec;
import dev.widefeed.perf.workload.WorkloadWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EdgeLoaderTest {
    private static final int USERS = 3_000;
    private static final int CELEBRITY_FOLLOWERS = 2_000;

    @TempDir
    static Path dir;

    private static WorkloadReader workload;
    private static UserIds ids;
    private static int[] followers;

    @BeforeAll
    static void writeWorkload() throws Exception {
        WorkloadWriter.write(
                new WorkloadSpec(
                        USERS, 2.1, 10, List.of(CELEBRITY_FOLLOWERS), 5, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0),
                dir,
                null);
        workload = WorkloadReader.open(dir);
        ids = UserIds.forSeed(workload.seed());
        followers = new int[USERS];
        workload.users((user, count, reads, posts) -> followers[user] = count);
    }

    /** Records every import; fails the test if two imports in flight share a followee. */
    private static final class Recorder implements Consumer<List<FollowEdge>> {
        final List<FollowEdge> imported = Collections.synchronizedList(new ArrayList<>());
        final Set<Long> inFlight = new HashSet<>();
        volatile boolean overlapped;

        @Override
        public void accept(List<FollowEdge> chunk) {
            Set<Long> followees = new HashSet<>();
            chunk.forEach(e -> followees.add(e.followeeId()));
            synchronized (inFlight) {
                overlapped |= !Collections.disjoint(inFlight, followees);
                inFlight.addAll(followees);
            }
            try {
                Thread.sleep(2); // long enough for the next chunks to start beside this one
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            imported.addAll(chunk);
            synchronized (inFlight) {
                inFlight.removeAll(followees);
            }
        }
    }

    private static int[] load(Recorder recorder, KnownCounts counts) throws Exception {
        try (Progress progress = new Progress(null, "edges", 0)) {
            return new EdgeLoader(ids, 300, 4, recorder).load(workload, followers, counts, progress);
        }
    }

    @Test
    void importsEveryEdgeOnceWithOneFolloweesChunksInFileOrderAndNeverSideBySide() throws Exception {
        Recorder recorder = new Recorder();
        KnownCounts counts = new KnownCounts(USERS);
        int[] following = load(recorder, counts);

        assertThat(recorder.overlapped).isFalse();
        assertThat(recorder.imported).hasSize((int) workload.follows());
        assertThat(recorder.imported).doesNotHaveDuplicates();
        Map<Long, FollowEdge> latest = new HashMap<>();
        int[] counted = new int[USERS];
        for (FollowEdge edge : recorder.imported) {
            assertThat(edge.following()).isTrue();
            assertThat(edge.version()).isEqualTo(edge.since().toEpochMilli() * 1000);
            FollowEdge before = latest.put(edge.followeeId(), edge);
            if (before != null) {
                assertThat(edge.since())
                        .as("a followee's followers go in oldest first")
                        .isAfter(before.since());
            }
            counted[(int) (edge.followerId() - ids.base())]++;
        }
        assertThat(following).isEqualTo(counted);
        for (int u = 0; u < USERS; u++) {
            assertThat(counts.followers(u)).isEqualTo(followers[u]);
            assertThat(counts.following(u)).isEqualTo(following[u]);
        }
    }

    @Test
    void aReloadImportsOnlyWhatTheStoreDoesNotCountYet() throws Exception {
        Recorder first = new Recorder();
        load(first, new KnownCounts(USERS));

        KnownCounts complete = new KnownCounts(USERS);
        for (int u = 0; u < USERS; u++) {
            complete.set(u, UserCounts.followers(followers[u]));
        }
        Recorder again = new Recorder();
        load(again, complete);
        assertThat(again.imported).isEmpty();

        // interrupted after the first 500 of the celebrity's followers, and before anyone else's
        KnownCounts partial = new KnownCounts(USERS);
        partial.set(0, UserCounts.followers(500));
        Recorder resumed = new Recorder();
        load(resumed, partial);
        List<FollowEdge> celebrity = first.imported.stream()
                .filter(e -> e.followeeId() == ids.id(0))
                .sorted((a, b) -> a.since().compareTo(b.since()))
                .toList();
        assertThat(celebrity).hasSize(CELEBRITY_FOLLOWERS);
        assertThat(resumed.imported)
                .hasSize((int) workload.follows() - 500)
                .doesNotContainAnyElementsOf(celebrity.subList(0, 500))
                .containsAll(celebrity.subList(500, CELEBRITY_FOLLOWERS));
    }
}
