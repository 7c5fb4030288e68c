package dev.widefeed.comment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentSubject;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.SubjectCounts;
import dev.widefeed.testing.DecoratorChecks;
import dev.widefeed.testing.DecoratorChecks.Call;
import dev.widefeed.testing.DecoratorChecks.Recorder;
import dev.widefeed.testing.DecoratorChecks.Samples;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the comment cache hears of the comment store's calls (docs/design.md, "The cache tier"), over a recording
 * fake.
 */
class WatchedCommentStoreTest {
    private static final CommentedObject OBJECT = CommentedObject.post(5);
    private static final Comment COMMENT =
            new Comment(9, OBJECT, 3, 0, 0, 0, "comment", Instant.parse("2026-11-22T06:00:00Z"), false);
    private static final CommentCounts DELTA = CommentCounts.replies(1);
    private static final Samples SAMPLES = Samples.of(
            OBJECT,
            COMMENT,
            DELTA,
            new CommentSubject(OBJECT, 3, CommentSubject.State.NORMAL),
            CommentSubject.Settings.DEFAULT,
            SubjectCounts.ZERO,
            CommentThread.topLevel(OBJECT));

    @Test
    void declaresEveryMethodOfTheStore() {
        DecoratorChecks.declaresEveryMethod(WatchedCommentStore.class, CommentStore.class);
    }

    @Test
    void everyCallReachesTheStoreAndEveryWriteIsHeard() {
        Recorder<WatchedCommentStore.Writes> writes =
                DecoratorChecks.recorder(WatchedCommentStore.Writes.class, SAMPLES);

        Map<String, List<Call>> heard = DecoratorChecks.callEveryMethod(
                CommentStore.class, store -> new WatchedCommentStore(store, writes.fake()), writes, SAMPLES);

        // Arguments are the samples; a number is the argument's place, and the store answers 1000 (the floor).
        assertThat(heard)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "place(Comment)", List.of(Call.of("placed", COMMENT, 1000L)),
                        "delete(Comment)", List.of(Call.of("deleted", COMMENT)),
                        "addCounts(long, CommentCounts)", List.of(Call.of("countsAdded", 1L, DELTA)),
                        "purge(Comment)", List.of(Call.of("purged", COMMENT))));
    }

    @Test
    void aDeleteThatChangedNothingIsNotHeard() {
        Samples deletedAlready = SAMPLES.answering(false);
        Recorder<WatchedCommentStore.Writes> writes =
                DecoratorChecks.recorder(WatchedCommentStore.Writes.class, deletedAlready);
        Recorder<CommentStore> store = DecoratorChecks.recorder(CommentStore.class, deletedAlready);

        assertThat(new WatchedCommentStore(store.fake(), writes.fake()).delete(COMMENT))
                .isFalse();

        assertThat(store.calls()).containsExactly(Call.of("delete", COMMENT));
        assertThat(writes.calls()).isEmpty();
    }
}
