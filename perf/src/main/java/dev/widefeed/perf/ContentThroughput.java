package dev.widefeed.perf;

import dev.widefeed.comment.CommentWriter;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.store.Storage;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Likes and comments per second through the service's domain layer, against the ceiling of raw
 * counter updates on the same store in the same run: how much of the store's counter capacity the
 * content path turns into user actions. Every like is a new (user, post) pair, so each one really
 * changes a row; comments spread over the same posts.
 */
final class ContentThroughput {
    record Report(
            String backend,
            int threads,
            ClosedLoop.Result counters,
            ClosedLoop.Result likes,
            ClosedLoop.Result comments) {
        double likeRatio() {
            return likes.perSecond() / counters.perSecond();
        }

        double commentRatio() {
            return comments.perSecond() / counters.perSecond();
        }
    }

    private ContentThroughput() {}

    static Report run(Storage storage, int threads, Duration warmup, Duration measure, int postCount, PrintStream out)
            throws InterruptedException {
        IdGenerator ids = new IdGenerator(1000);
        Clock clock = Clock.systemUTC();
        Features services = new Features(storage, InstanceSettings.of(ids, clock));
        PostService postService = services.posts.posts();
        LikeService likes = services.likes.likes();
        CommentWriter comments = services.comments.writer();

        long author = ids.next();
        List<Long> posts = new ArrayList<>(postCount);
        for (int i = 0; i < postCount; i++) {
            posts.add(postService.create(author, "perf post " + i, null).post().id());
        }
        out.printf(
                "%s: %d posts ready; %d threads, %s warm-up, %s measured per operation%n",
                storage.backend(), postCount, threads, warmup, measure);

        ClosedLoop.Result counters = ClosedLoop.run(
                "raw counter update (ceiling)",
                threads,
                warmup,
                measure,
                (thread, i) -> storage.posts()
                        .addCounts(posts.get((int) ((i * 31 + thread) % postCount)), PostCounts.likes(1)));
        out.println(counters.line());
        long likerBase = ids.next();
        ClosedLoop.Result liked = ClosedLoop.run(
                "like (new user, post pair)",
                threads,
                warmup,
                measure,
                (thread, i) -> likes.like(likerBase + thread * 1_000_000_000L + i, posts.get((int) (i % postCount))));
        out.println(liked.line());
        ClosedLoop.Result commented = ClosedLoop.run(
                "comment (top-level)",
                threads,
                warmup,
                measure,
                (thread, i) -> comments.create(
                        author,
                        posts.get((int) ((i * 7 + thread) % postCount)),
                        "perf comment " + i,
                        Optional.empty()));
        out.println(commented.line());
        Report report = new Report(storage.backend(), threads, counters, liked, commented);
        out.printf(
                "likes/s over counter updates/s: %.2f; comments/s over counter updates/s: %.2f%n",
                report.likeRatio(), report.commentRatio());
        return report;
    }
}
