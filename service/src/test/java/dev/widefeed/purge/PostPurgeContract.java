package dev.widefeed.purge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.comment.HotRanking;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a deleted post leaves behind is purged: its likes (truth rows and both copies), its comments with every row
 * they have, its counters and its lists of reposts; a purge interrupted half-way and run again finishes the job.
 * It runs on every {@link TestBackend}.
 */
@BackendContract
public class PostPurgeContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    PostPurgeContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private long newUser() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    private PostService posts() {
        return TestStorages.postService(storage(), storage().posts(), ids, Clock.systemUTC(), DirtyCounters.NONE);
    }

    private LikeService likes() {
        return TestStorages.likeService(
                storage().posts(),
                storage().users(),
                storage().likes(),
                TestStorages.access(storage()),
                Clock.systemUTC(),
                DirtyCounters.NONE);
    }

    private TestStorages.Comments comments() {
        return TestStorages.comments(storage(), ids, Clock.systemUTC());
    }

    @Test
    void aDeletedPostsLikesCommentsCountersAndRepostListsArePurgedEvenAfterAnInterruption() {
        long author = newUser();
        long post = posts().create(author, "soon gone", null).post().id();
        long kept = posts().create(author, "stays", null).post().id();
        List<Long> likers = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            long liker = newUser();
            likers.add(liker);
            likes().like(liker, kept);
            likes().like(liker, post);
        }
        likes().unlike(likers.get(0), post); // an unliked row is purged too
        List<Long> commentIds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long top = comments()
                    .writer()
                    .create(newUser(), post, "top " + i, Optional.empty())
                    .comment()
                    .id();
            commentIds.add(top);
            for (int r = 0; r < 3; r++) {
                commentIds.add(comments()
                        .writer()
                        .create(newUser(), post, "reply", Optional.of(top))
                        .comment()
                        .id());
            }
            comments().voting().vote(likers.get(i), top, Vote.LIKE);
            new HotRanking(storage().comments(), storage().hotComments()).rerank(top);
        }
        List<Long> reposts = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            reposts.add(posts().repost(likers.get(i), post, "", null).post().id());
        }
        posts().delete(author, post);

        PostPurge interrupted = new PostPurge(
                storage().posts(),
                storage().likes(),
                storage().comments(),
                storage().commentVotes(),
                storage().hotComments());
        PostPurge.Progress at = PostPurge.Progress.START;
        at = interrupted.step(post, interrupted.step(post, at)); // likes, and the first comments
        assertThat(at.phase()).isEqualTo(PostPurge.Phase.COMMENTS);
        new PostPurge(
                        storage().posts(),
                        storage().likes(),
                        storage().comments(),
                        storage().commentVotes(),
                        storage().hotComments())
                .all(post); // from the start again

        assertThat(storage().likes().edges(post, 1000)).isEmpty();
        assertThat(storage().likes().likers(post, Optional.empty(), 1000)).isEmpty();
        for (long liker : likers) {
            assertThat(storage().likes().likedPosts(liker, Optional.empty(), 10))
                    .extracting(Like::postId)
                    .as("liker %d keeps only their other like", liker)
                    .containsExactly(kept);
        }
        CommentedObject object = CommentedObject.post(post);
        assertThat(storage().comments().subject(object)).isEmpty();
        assertThat(storage().comments().highestFloor(CommentThread.topLevel(object)))
                .isZero();
        assertThat(storage().hotComments().ranked(object, Optional.empty(), 10)).isEmpty();
        for (long id : commentIds) {
            assertThat(storage().comments().find(id)).as("comment %d", id).isEmpty();
            assertThat(storage().comments().highestFloor(new CommentThread(object, id)))
                    .isZero();
            assertThat(storage().comments().countsOf(List.of(id))).containsEntry(id, CommentCounts.ZERO);
            assertThat(storage().commentVotes().countVotes(id)).isEqualTo(CommentCounts.ZERO);
            assertThat(storage().hotComments().rankedScore(id)).isZero();
        }
        assertThat(storage().posts().counts(post)).isEqualTo(PostCounts.ZERO);
        assertThat(storage().posts().repostIds(post, Optional.empty(), 100)).isEmpty();
        assertThat(storage().posts().repostIdsOnPage(post, 1)).isEmpty();
        assertThat(storage().posts().repostIdsOnPage(post, 2)).isEmpty();
        assertThat(storage().posts().findAll(reposts).keySet())
                .as("the reposts stay")
                .hasSize(25);
        assertThat(storage().posts().counts(kept).likes()).isEqualTo(30);
    }

    @Test
    void theLogsHandlerWaitsOutRequestsThenPurgesAndLeavesAPostThatWasNotDeleted() {
        long author = newUser();
        long fan = newUser();
        long gone = posts().create(author, "gone", null).post().id();
        long kept =
                posts().create(author, "kept: its delete failed", null).post().id();
        for (long post : List.of(gone, kept)) {
            likes().like(fan, post);
            comments().writer().create(fan, post, "a comment", Optional.empty());
        }
        posts().delete(author, gone);
        PostPurge purge = new PostPurge(
                storage().posts(),
                storage().likes(),
                storage().comments(),
                storage().commentVotes(),
                storage().hotComments());
        long slot = EventLog.slotOf(Instant.now());
        LogEntry goneEntry = new LogEntry(0, slot, PostPurgeHandler.KIND, gone, author);
        LogEntry keptEntry = new LogEntry(0, slot, PostPurgeHandler.KIND, kept, author);

        LogHandler.Work early = new PostPurgeHandler(storage().posts(), purge, Clock.systemUTC()).open(goneEntry);
        assertThat(early.turn(10, () -> true))
                .as("requests that read the post may still run")
                .isInstanceOf(LogHandler.Turn.NotReady.class);
        assertThat(storage().likes().edges(gone, 10)).hasSize(1);

        PostPurgeHandler later =
                new PostPurgeHandler(storage().posts(), purge, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(5)));
        LogHandler.Work work = later.open(goneEntry);
        int turns = 0;
        while (!work.done()) {
            work = ((LogHandler.Turn.Worked) work.turn(1, () -> true)).after();
            turns++;
        }
        assertThat(turns).as("a step a page").isGreaterThan(2);
        assertThat(storage().likes().edges(gone, 10)).isEmpty();
        assertThat(storage().comments().subject(CommentedObject.post(gone))).isEmpty();

        LogHandler.Work notDeleted = later.open(keptEntry);
        notDeleted = ((LogHandler.Turn.Worked) notDeleted.turn(10, () -> true)).after();
        assertThat(notDeleted.done()).isTrue();
        assertThat(storage().likes().edges(kept, 10))
                .as("a post still there is left alone")
                .hasSize(1);
        assertThat(storage().comments().subject(CommentedObject.post(kept))).isPresent();
    }

    @Test
    void aPageOfLikedPostsIsFullThoughItsNewestLikesAreOfDeletedPosts() {
        long author = newUser();
        long fan = newUser();
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            live.add(posts().create(author, "live " + i, null).post().id());
            likes().like(fan, live.get(i));
        }
        for (int i = 0; i < 40; i++) { // liked after the live ones: the newest 40 likes are of deleted posts
            long gone = posts().create(author, "gone " + i, null).post().id();
            likes().like(fan, gone);
            posts().delete(author, gone);
        }
        var page = likes().likedPosts(fan, fan, Optional.empty(), 5);
        assertThat(page.items())
                .extracting(Like::postId)
                .containsExactly(live.get(5), live.get(4), live.get(3), live.get(2), live.get(1));
        var rest = likes().likedPosts(fan, fan, page.next(), 5);
        assertThat(rest.items()).extracting(Like::postId).containsExactly(live.get(0));
        assertThat(rest.next()).isEmpty();
    }
}
