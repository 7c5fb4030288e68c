package dev.widefeed.store.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.Follower;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.store.RelationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * HBase's follower rows, where a share's last_read cell and an edge's presence cell can part; what every backend's
 * relation store must do is {@link RelationStoreContract}'s.
 */
@Tag(Tiers.STORE)
class HBaseRelationStoreTest {
    private static Storage storage() {
        return TestStorages.hbase();
    }

    /**
     * A last_read cell on a followers row without its presence cell (the copies of a follow not
     * written yet; or, after a major compaction purged an unfollow's delete marker, a share that
     * landed later still) is not an edge: neither list shows it, and a page's limit counts only edges.
     */
    @Test
    void aSharedLastReadAloneIsNeverListed() {
        RelationStore relations = storage().relations();
        long a = TestStorages.ids().next();
        long b = TestStorages.ids().next();
        long c = TestStorages.ids().next();
        Instant t0 = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS);
        FollowEdge listed = FollowEdge.absent(c, b).next(true, t0);
        assertThat(relations.compareAndSet(FollowEdge.absent(c, b), listed)).isTrue();
        relations.writeCopies(FollowEdge.absent(c, b), listed);
        FollowEdge unwritten = FollowEdge.absent(a, b).next(true, t0.plusSeconds(1)); // newer: first in the list
        assertThat(relations.compareAndSet(FollowEdge.absent(a, b), unwritten)).isTrue();

        relations.shareActivity(a, t0.plusSeconds(2));

        assertThat(relations.followersWithActivity(b, Optional.empty(), 1))
                .containsExactly(new Follower(c, t0, Optional.empty()));
        assertThat(relations.followers(b, Optional.empty(), 10)).hasSize(1);
        relations.writeCopies(FollowEdge.absent(a, b), unwritten); // the repairer's part
        assertThat(relations.followersWithActivity(b, Optional.empty(), 10))
                .containsExactly(
                        new Follower(a, unwritten.since(), Optional.of(t0.plusSeconds(2))),
                        new Follower(c, t0, Optional.empty()));
    }

    /**
     * What the contract's race test relies on, seen in the table itself: a Put at the edge's
     * version onto a row deleted at a later version is masked by the delete marker, so the row
     * holds no visible cell at all (not merely one the list scan leaves out).
     */
    @Test
    void aShareAtTheEdgeVersionIsMaskedByTheLaterRemoval() {
        RelationStore relations = storage().relations();
        long a = TestStorages.ids().next();
        long b = TestStorages.ids().next();
        Instant t0 = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.MILLIS);
        FollowEdge absent = FollowEdge.absent(a, b);
        FollowEdge followed = absent.next(true, t0);
        FollowEdge unfollowed = followed.next(false, t0.plusSeconds(1));
        assertThat(relations.compareAndSet(absent, followed)).isTrue();
        relations.writeCopies(absent, followed);
        relations.shareActivity(a, t0.plusMillis(500));
        assertThat(HBaseInspection.followerRow(TestStorages.hbaseFactory(), b, t0, a)
                        .size())
                .isEqualTo(2);

        relations.writeCopies(followed, unfollowed); // the unfollow's removal, at v2 ...
        relations.shareActivity(a, t0.plusSeconds(2)); // ... then a share that read the truth at v1
        relations.shareActivity(a, b, t0.plusSeconds(3));

        assertThat(HBaseInspection.followerRow(TestStorages.hbaseFactory(), b, t0, a)
                        .isEmpty())
                .isTrue();
    }
}
