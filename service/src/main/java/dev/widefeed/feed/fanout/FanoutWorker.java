package dev.widefeed.feed.fanout;

import dev.widefeed.audience.Audience;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.DeliveryAudience;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.AuthorInboxWrites;
import dev.widefeed.feed.timeline.DeliveryRule;
import dev.widefeed.feed.timeline.DeliverySwitch;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.FeedStores;
import dev.widefeed.feed.timeline.FollowerCounts;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.Follower;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.kernel.Futures;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostRows;
import dev.widefeed.post.PostStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * Works one fan-out task a turn at a time: pages through the author's active followers from the task's
 * checkpoint (the store drops the others as it reads them, so the inactive majority of a big author's
 * followers are never shipped), each with their last home read as shared onto the edge (no read per
 * follower), pushes (or retracts) the post for the followers the pass sends to, and saves the checkpoint
 * as pages' pushes are done, in page order. A crash loses the pages since the last saved checkpoint: those in flight
 * ({@link #PAGES_IN_FLIGHT}) and those finished while a save was under way, which the next worker pushes
 * again: entries are keyed by post id, so that is harmless.
 * <p>
 * Only the reading of follower pages is serial (each page starts after the last one's cursor); a page's
 * edge decisions (one read) and its pushes run off that path, so the store sees reads and writes at
 * once. Their counts (pushed, pulled) join the checkpoint when it is saved, in page order.
 * <p>
 * The post of an author their followers pull ({@link AuthorDelivery}) goes into its author's home
 * timeline only. A task's first turn asks for a switch of the author's delivery when their follower
 * count has crossed the pull threshold ({@link DeliverySwitch}); that post still goes as planned.
 * Below it, each follower a page reaches is pushed the post or pulls its author as their edge's
 * decision says ({@link EdgeDecisions}).
 */
public final class FanoutWorker {
    /** How long a task may wait for its post: the post is written after its task, by the same request. */
    static final Duration POST_GRACE = Duration.ofMinutes(1);
    /** Pages of one task whose writes run at once. */
    static final int PAGES_IN_FLIGHT = 4;
    /** The author's newest posts their posts a day are estimated from. */
    private static final int RATE_SAMPLE = 20;

    private final FollowerCounts followerCounts;
    private final RelationStore relations;
    private final PostStore posts;
    private final PostRows rows;
    private final AuthorInboxWrites authorInboxes;
    private final TimelineStore timelines;
    private final FanoutStore fanout;
    private final AudienceStore audiences;
    private final FanoutRules rules;
    private final int pageSize;
    private final Duration entryTtl;
    private final PullRules pullRules;
    private final EventLog log;
    private final Clock clock;
    private final Listener listener;
    private final ExecutorService prefetcher;

    /** What the worker reports as it goes (metrics). */
    public interface Listener {
        void page(FanoutTask task, int followers, int sent);

        /** A delivery finished, {@code took} after its post was created. */
        default void delivered(FanoutTask task, Duration took) {}

        Listener NONE = (task, followers, sent) -> {};
    }

    /** The outcome of one turn. */
    public sealed interface Turn {
        /** The post is not written yet: try again later. */
        record NotReady() implements Turn {}

        record Worked(FanoutProgress progress) implements Turn {}
    }

    /**
     * @param stores     the inboxes and checkpoints it writes, the follow edges and audiences it reads, and the posts
     *                   store, for an author's newest posts
     * @param rows       where the post delivered is read: the cache tier's rows ({@link PostRows})
     * @param authorInboxes the posts this instance wrote into their author's inbox as they were made: a delivery's
     *                   first page writes the author's inbox only for the others
     * @param prefetcher reads the next page of followers ahead, decides and writes the pages before, and saves
     *                   checkpoints; per task being worked, at most one read of followers, {@link #PAGES_IN_FLIGHT}
     *                   pages of decisions and writes, and one checkpoint save are in flight on it
     */
    public FanoutWorker(
            FeedStores stores,
            FollowerCounts followerCounts,
            PostRows rows,
            AuthorInboxWrites authorInboxes,
            FeedRules rules,
            EventLog log,
            Clock clock,
            Listener listener,
            ExecutorService prefetcher) {
        if (rules.pageSize() < 1) {
            throw new IllegalArgumentException("page size must be positive");
        }
        this.followerCounts = followerCounts;
        this.relations = stores.relations();
        this.posts = stores.posts();
        this.rows = rows;
        this.authorInboxes = authorInboxes;
        this.timelines = stores.timelines();
        this.fanout = stores.fanout();
        this.audiences = stores.audiences();
        this.rules = rules.fanout();
        this.pageSize = rules.pageSize();
        this.entryTtl = rules.home().entryTtl();
        this.pullRules = rules.pull();
        this.log = log;
        this.clock = clock;
        this.listener = listener;
        this.prefetcher = prefetcher;
    }

    /** The progress of a post's fan-out, or its plan if the worker has not started on it. */
    public FanoutProgress progressOf(Post post, FanoutKind kind) {
        return progressOf(new FanoutTask(post.id(), post.authorId(), kind));
    }

    /** The task's checkpoint, or its plan if no page was done yet (not saved). */
    public FanoutProgress progressOf(FanoutTask task) {
        return open(task).progress();
    }

    /**
     * A task as a turn starts on it: its saved checkpoint, or a plan made now ({@code planned}) with the author's
     * delivery the plan was made from, which the plan's first turn then need not read again.
     */
    public record Opened(FanoutProgress progress, boolean planned, Optional<AuthorDelivery> planDelivery) {
        /** A checkpoint: its turn reads the author's delivery itself. */
        static Opened at(FanoutProgress progress) {
            return new Opened(progress, false, Optional.empty());
        }
    }

    /** The task's checkpoint, or its plan if no page was done yet (not saved), with what the plan read. */
    public Opened open(FanoutTask task) {
        Optional<FanoutProgress> saved = fanout.progress(task.postId(), task.kind());
        if (saved.isPresent()) {
            return Opened.at(saved.get());
        }
        Optional<AuthorDelivery> delivery = fanout.delivery(task.authorId());
        return new Opened(
                rules.plan(
                        task.postId(),
                        task.kind(),
                        followerCounts.followers(task.authorId()),
                        pulled(task, delivery),
                        now()),
                true,
                delivery);
    }

    /**
     * Whether the task's post goes (or went) into no follower's inbox: the author is pulled, and for a
     * retraction the post was created after the switch, so no fan-out pushed it.
     */
    private static boolean pulled(FanoutTask task, Optional<AuthorDelivery> delivery) {
        return delivery.isPresent()
                && delivery.get().mode() == AuthorDelivery.Mode.PULLED
                && (task.kind() == FanoutKind.DELIVER
                        || task.postId() > delivery.get().switchId());
    }

    /** A plan no turn has worked yet: nothing started, nothing saved. */
    private static boolean unstarted(FanoutProgress progress) {
        return !progress.done()
                && progress.tiers().stream().allMatch(t -> t.startedAt().isEmpty());
    }

    /** Asks for a switch of the author's delivery if their follower count has crossed the threshold. */
    private void askForSwitch(FanoutTask task, FanoutProgress plan) {
        boolean pulled = FanoutRules.PULL.equals(plan.mode());
        AuthorDelivery.Mode mode = pulled ? AuthorDelivery.Mode.PULLED : AuthorDelivery.Mode.PUSHED;
        if (pullRules.pulls(plan.followers(), mode) != pulled) {
            log.append(DeliverySwitch.KIND, task.authorId(), task.postId());
        }
    }

    /**
     * Does up to {@code pages} pages of the task, stopping early when {@code keepGoing} says so
     * (the worker lost its lease, or is shutting down). The checkpoint is saved after every page.
     */
    public Turn work(FanoutTask task, int pages, BooleanSupplier keepGoing) {
        return work(task, progressOf(task), pages, keepGoing);
    }

    /**
     * {@link #work(FanoutTask, int, BooleanSupplier)} from a {@code progress} the caller has just read
     * with {@link #progressOf(FanoutTask)}: a worker holding the task's shard lease is the only writer of
     * its checkpoint, so reading it again would only repeat the read.
     */
    public Turn work(FanoutTask task, FanoutProgress progress, int pages, BooleanSupplier keepGoing) {
        return work(task, Opened.at(progress), pages, keepGoing);
    }

    /** {@link #work(FanoutTask, FanoutProgress, int, BooleanSupplier)} from what {@link #open} answered. */
    public Turn work(FanoutTask task, Opened opened, int pages, BooleanSupplier keepGoing) {
        FanoutProgress progress = opened.progress();
        if (progress.done()) {
            return new Turn.Worked(progress);
        }
        Optional<TimelineEntry> entry = Optional.empty();
        LongPredicate mayReceive = id -> true; // a retraction goes to everyone the post may have reached
        if (task.kind() == FanoutKind.DELIVER) {
            Optional<Post> post = rows.find(task.postId());
            if (post.isEmpty()) {
                if (now().isBefore(progress.createdAt().plus(POST_GRACE))) {
                    return new Turn.NotReady();
                }
                return new Turn.Worked(save(end(progress, "the post was deleted (or never written)")));
            }
            if (post.get().audience().type() == Audience.Type.PRIVATE) {
                return new Turn.Worked(save(end(progress, "a private post: nobody but its author sees it")));
            }
            entry = Optional.of(TimelineEntry.of(post.get()));
            mayReceive = DeliveryAudience.of(post.get().authorId(), post.get().audience(), audiences);
            if (unstarted(progress)) {
                askForSwitch(task, progress);
            }
        }
        if (progress.tiers().isEmpty()) {
            return new Turn.Worked(save(authorOnly(task, progress, entry)));
        }
        Optional<EdgeDecisions> decisions = entry.isPresent()
                ? Optional.of(decisions(
                        task, progress, opened.planned() ? opened.planDelivery() : fanout.delivery(task.authorId())))
                : Optional.empty(); // a retraction goes to every edge, pulled or not
        // Pages overlap: the next one is read while this one is planned, and the writes of up to
        // PAGES_IN_FLIGHT pages run at once, so the store's write pipeline never drains between pages.
        // Checkpoints are saved in page order, each once its page's writes and all earlier ones are
        // done, so a crash resumes at most PAGES_IN_FLIGHT pages, and those finished while a save was
        // under way, back; pushing them again is harmless.
        List<Follower> followers = followersAfter(task, progress, progress.cursor());
        InFlight inFlight = new InFlight(progress.tiers().size());
        try {
            for (int page = 0; page < pages && !progress.done(); page++) {
                CompletableFuture<List<Follower>> next = null;
                if (followers.size() == pageSize && page + 1 < pages) {
                    Optional<FollowCursor> after = Optional.of(cursorAfter(followers));
                    FanoutProgress reading = progress;
                    next = CompletableFuture.supplyAsync(() -> followersAfter(task, reading, after), prefetcher);
                }
                int passBefore = progress.pass();
                Planned planned = page(task, progress, entry, mayReceive, decisions, followers);
                progress = planned.progress();
                inFlight.add(CompletableFuture.supplyAsync(planned.writes(), prefetcher), progress);
                inFlight.saveFinished(PAGES_IN_FLIGHT - 1);
                if (!keepGoing.getAsBoolean() || progress.done()) {
                    break;
                }
                followers = next != null && progress.pass() == passBefore
                        ? Futures.join(next)
                        : followersAfter(task, progress, progress.cursor());
            }
        } finally {
            inFlight.saveFinished(0);
        }
        return new Turn.Worked(inFlight.withSent(progress));
    }

    /**
     * A page's decisions and writes, to run off the reading path, and the progress the page leads to, but for
     * what the writes report they sent.
     */
    private record Planned(Supplier<Sent> writes, FanoutProgress progress) {}

    /** What a page of pass {@code pass} sent: followers pushed the post, and followers whose edge is pulled. */
    private record Sent(int pass, long pushed, long pulled) {}

    /** A page's decisions and writes under way, and its progress (without what it sent) to save once done. */
    private record Pushing(CompletableFuture<Sent> writes, FanoutProgress progress) {}

    /**
     * The pages of this turn whose writes are under way, oldest first, and what the finished ones sent. A
     * checkpoint is the progress of its page with everything the turn's finished pages sent added, so one is
     * only saved once its page and every earlier one are done.
     */
    private final class InFlight {
        private final Deque<Pushing> pages = new ArrayDeque<>();
        private final long[] pushed;
        private final long[] pulled;
        /**
         * Checkpoints are saved off the reading path, one at a time so they land in page order; one that comes
         * while a save runs waits, and replaces any older one waiting (only the newest matters).
         */
        private CompletableFuture<Void> saving = CompletableFuture.completedFuture(null);

        private Optional<FanoutProgress> waiting = Optional.empty();
        private boolean running;

        InFlight(int tiers) {
            pushed = new long[tiers];
            pulled = new long[tiers];
        }

        void add(CompletableFuture<Sent> writes, FanoutProgress progress) {
            pages.addLast(new Pushing(writes, progress));
        }

        /**
         * Waits for the oldest pages until at most {@code keep} are in flight, takes every page done by then
         * from the front, and saves the checkpoint of the last one taken (the earlier ones' are behind it),
         * after the saves before it. With {@code keep} 0, also waits for every save.
         */
        void saveFinished(int keep) {
            Optional<FanoutProgress> reached = Optional.empty();
            while (!pages.isEmpty()
                    && (pages.size() > keep || pages.peekFirst().writes().isDone())) {
                Pushing page = pages.removeFirst();
                Sent sent = Futures.join(page.writes());
                pushed[sent.pass()] += sent.pushed();
                pulled[sent.pass()] += sent.pulled();
                reached = Optional.of(page.progress());
            }
            if (reached.isPresent()) {
                queueSave(withSent(reached.get()));
            }
            if (keep == 0) {
                Futures.join(saving);
            }
        }

        private void queueSave(FanoutProgress checkpoint) {
            synchronized (this) {
                waiting = Optional.of(checkpoint);
                if (running) {
                    return;
                }
                running = true;
            }
            saving = CompletableFuture.runAsync(this::saveWaiting, prefetcher);
        }

        /** Saves the waiting checkpoint until none is left; a failed save drops the rest (resuming redoes it). */
        private void saveWaiting() {
            while (true) {
                FanoutProgress next;
                synchronized (this) {
                    if (waiting.isEmpty()) {
                        running = false;
                        return;
                    }
                    next = waiting.get();
                    waiting = Optional.empty();
                }
                try {
                    save(next);
                } catch (RuntimeException e) {
                    synchronized (this) {
                        waiting = Optional.empty();
                        running = false;
                    }
                    throw e;
                }
            }
        }

        /** {@code progress} with what the pages taken so far sent. */
        FanoutProgress withSent(FanoutProgress progress) {
            List<FanoutProgress.TierProgress> tiers = new ArrayList<>(progress.tiers());
            for (int t = 0; t < tiers.size(); t++) {
                tiers.set(t, tiers.get(t).sent(pushed[t], pulled[t]));
            }
            return new FanoutProgress(
                    progress.postId(),
                    progress.kind(),
                    progress.mode(),
                    progress.followers(),
                    tiers,
                    progress.pass(),
                    progress.cursor(),
                    progress.skippedInactive(),
                    progress.createdAt(),
                    progress.updatedAt(),
                    progress.finishedAt(),
                    progress.endedBecause());
        }
    }

    /**
     * The next page of followers the pass under way may send to: only those whose last read is within its
     * window, dropped by the store where it reads them. The first pass counts every later tier's candidates,
     * so it reads everyone within the widest window. The bound is taken before the page is planned, so it is
     * never tighter than the pass's own test ({@link FanoutRules#sendsTo}).
     */
    private List<Follower> followersAfter(FanoutTask task, FanoutProgress progress, Optional<FollowCursor> after) {
        List<FanoutProgress.TierProgress> tiers = progress.tiers();
        int pass = progress.pass();
        Duration window = (pass == 0 ? tiers.get(tiers.size() - 1) : tiers.get(pass)).activeWithin();
        return relations.activeFollowers(task.authorId(), after, pageSize, now().minus(window));
    }

    private static FollowCursor cursorAfter(List<Follower> page) {
        return FollowCursor.after(page.get(page.size() - 1));
    }

    /**
     * The per-edge decisions of this turn: the author's posts a day from their newest posts (read when an edge first
     * weighs them), and whether edges may switch (only while the author is pushed and no walk of theirs is under way).
     *
     * @param delivery the author's delivery, read this turn (or by the plan it starts, just before)
     */
    private EdgeDecisions decisions(FanoutTask task, FanoutProgress progress, Optional<AuthorDelivery> delivery) {
        Instant now = now();
        boolean settled =
                delivery.map(d -> d.mode() == AuthorDelivery.Mode.PUSHED).orElse(true);
        return new EdgeDecisions(
                task.authorId(),
                progress.followers(),
                () -> DeliveryRule.postsPerDay(
                        posts.postIdsByAuthor(task.authorId(), Optional.empty(), RATE_SAMPLE), RATE_SAMPLE, now),
                settled,
                pullRules.perEdge(),
                pullRules.edgeRule(),
                fanout,
                timelines,
                now);
    }

    private Planned page(
            FanoutTask task,
            FanoutProgress progress,
            Optional<TimelineEntry> entry,
            LongPredicate mayReceive,
            Optional<EdgeDecisions> decisions,
            List<Follower> followers) {
        Instant now = now();
        int pass = progress.pass();
        List<FanoutProgress.TierProgress> tiers = new ArrayList<>(progress.tiers());
        if (tiers.get(pass).startedAt().isEmpty()) {
            tiers.set(pass, tiers.get(pass).started(now));
        }
        // My own posts are in my home timeline, written as I posted unless that write failed or was made elsewhere;
        // I count as pushed either way.
        boolean forAuthor = pass == 0 && progress.cursor().isEmpty();
        boolean toAuthor = forAuthor && !(entry.isPresent() && authorInboxes.take(task.postId()));
        int alreadyThere = forAuthor && !toAuthor ? 1 : 0;
        // The first pass sees every active follower: it counts each later tier's candidates.
        long[] candidates = new long[tiers.size()];
        List<Follower> reached = new ArrayList<>();
        for (Follower follower : followers) {
            Optional<Instant> lastRead = follower.lastRead();
            if (follower.userId() == task.authorId()) {
                continue;
            }
            if (FanoutRules.sendsTo(progress, pass, lastRead, now) && mayReceive.test(follower.userId())) {
                reached.add(follower);
            }
            int tier = pass == 0 ? FanoutRules.tierOf(progress, lastRead, now) : -1;
            if (tier >= 0) {
                candidates[tier]++;
            }
        }
        Supplier<Sent> writes = () -> {
            EdgeDecisions.Decided decided = decisions
                    .map(d -> d.decide(reached))
                    .orElseGet(() -> new EdgeDecisions.Decided(
                            reached.stream().map(Follower::userId).toList(), 0, () -> {}));
            List<Long> sendTo = new ArrayList<>(decided.pushTo().size() + 1);
            if (toAuthor) {
                sendTo.add(task.authorId());
            }
            sendTo.addAll(decided.pushTo());
            if (!sendTo.isEmpty()) {
                if (entry.isPresent()) {
                    timelines.push(entry.get(), sendTo, entryTtl);
                } else {
                    timelines.retract(task.postId(), sendTo);
                }
            }
            decided.switches().run();
            listener.page(task, followers.size(), sendTo.size() + alreadyThere);
            return new Sent(pass, sendTo.size() + alreadyThere, decided.pulled());
        };
        boolean lastPage = followers.size() < pageSize;
        for (int t = pass + 1; t < tiers.size(); t++) {
            tiers.set(t, tiers.get(t).counted(candidates[t]));
        }
        tiers.set(pass, tiers.get(pass).paged(candidates[pass], lastPage ? Optional.of(now) : Optional.empty()));
        // The inactive are never read, so they are counted once, as the followers the first pass found in no tier.
        long active = tiers.stream()
                .mapToLong(FanoutProgress.TierProgress::candidates)
                .sum();
        long skipped = pass == 0 && lastPage ? Math.max(0, progress.followers() - active) : progress.skippedInactive();
        if (!lastPage) {
            return new Planned(writes, with(progress, tiers, pass, Optional.of(cursorAfter(followers)), skipped, now));
        }
        // A later tier the first pass found nobody in is skipped, not paged through again.
        int next = pass + 1;
        while (next < tiers.size() && tiers.get(next).candidates() == 0) {
            tiers.set(next, tiers.get(next).skipped(now));
            next++;
        }
        FanoutProgress moved = with(progress, tiers, next, Optional.empty(), skipped, now);
        return new Planned(writes, next == tiers.size() ? finish(moved, now, Optional.empty()) : moved);
    }

    /** The post of a pulled author: into (or out of) its author's own home timeline, and done. */
    private FanoutProgress authorOnly(FanoutTask task, FanoutProgress progress, Optional<TimelineEntry> entry) {
        List<Long> author = List.of(task.authorId());
        if (entry.isPresent()) {
            if (!authorInboxes.take(task.postId())) {
                timelines.push(entry.get(), author, entryTtl);
            }
        } else {
            timelines.retract(task.postId(), author);
        }
        listener.page(task, 0, 1);
        return finish(progress, now(), Optional.empty());
    }

    /** Milliseconds: what the checkpoint keeps, so a saved checkpoint reads back equal. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private FanoutProgress save(FanoutProgress progress) {
        fanout.saveProgress(progress);
        return progress;
    }

    private FanoutProgress end(FanoutProgress progress, String why) {
        return finish(progress, now(), Optional.of(why));
    }

    private static FanoutProgress finish(FanoutProgress p, Instant now, Optional<String> why) {
        return new FanoutProgress(
                p.postId(),
                p.kind(),
                p.mode(),
                p.followers(),
                p.tiers(),
                p.tiers().size(),
                Optional.empty(),
                p.skippedInactive(),
                p.createdAt(),
                now,
                Optional.of(now),
                why);
    }

    private static FanoutProgress with(
            FanoutProgress p,
            List<FanoutProgress.TierProgress> tiers,
            int pass,
            Optional<FollowCursor> cursor,
            long skipped,
            Instant now) {
        return new FanoutProgress(
                p.postId(),
                p.kind(),
                p.mode(),
                p.followers(),
                tiers,
                pass,
                cursor,
                skipped,
                p.createdAt(),
                now,
                p.finishedAt(),
                p.endedBecause());
    }
}
