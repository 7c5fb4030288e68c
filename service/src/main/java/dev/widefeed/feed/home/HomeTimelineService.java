package dev.widefeed.feed.home;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.feed.timeline.AuthorInboxWrites;
import dev.widefeed.feed.timeline.DecayedRate;
import dev.widefeed.feed.timeline.DeliverySwitch;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.FeedStores;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.Page;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.post.PageFill;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import dev.widefeed.post.Since;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The home timeline: my posts and those of everyone I follow, newest first, read from three sources
 * (docs/design.md, "Home timeline and fan-out"). Above the boundary ({@link HomeState#completeAbove})
 * the inbox that fan-out pushes into holds every pushed post, and the authors I pull (big ones, whose
 * posts go into no inbox) are merged in from this instance's cache of their newest posts
 * ({@link HomeMerge}); at and below it, history is pulled from my followees' own lists. The inbox's
 * first page, my state and my pulled authors come in one read. The cursor is the last post id shown,
 * so pages have no gaps and no duplicates across the sources or while new posts arrive. Posts deleted
 * since they were pushed or cached, posts the reader may no longer see (the rule is applied at read
 * time, to pushed and pulled posts alike) and the authors the reader hid are dropped as the page is read.
 * <p>
 * A reader who has been away longer than the active window got no pushes meanwhile: their first
 * read marks them active (so fan-out pushes to them from now on) and then rebuilds the inbox by
 * pull, so that first page is complete, not empty.
 */
public final class HomeTimelineService {
    private static final Logger LOG = LoggerFactory.getLogger(HomeTimelineService.class);
    /** Readers whose reads between two writes of their state one instance counts at most (~100 bytes each). */
    private static final long TALLIED_READERS = 250_000;

    private final RelationStore relations;
    private final PostStore posts;
    private final TimelineStore timelines;
    private final PostService postService;
    private final AudienceFacts audiences;
    private final PostAccess access;
    private final HomeRules rules;
    private final DeliverySwitch deliveries;
    private final EventLog log;
    private final AuthorInboxWrites authorInboxes;
    private final PulledPosts pulledPosts;
    private final Duration rateHalfLife;
    private final ReadTally tally;
    private final int maxFollowing;
    private final Clock clock;

    /** @param stores the inboxes, the follow edges and the authors' own lists of posts it reads */
    public HomeTimelineService(
            FeedStores stores,
            PostService postService,
            AudienceFacts audiences,
            PostAccess access,
            FeedRules rules,
            DeliverySwitch deliveries,
            EventLog log,
            AuthorInboxWrites authorInboxes,
            int maxFollowing,
            Clock clock) {
        PostStore posts = stores.posts();
        PullRules pull = rules.pull();
        this.relations = stores.relations();
        this.posts = posts;
        this.timelines = stores.timelines();
        this.postService = postService;
        this.audiences = audiences;
        this.access = access;
        this.rules = rules.home();
        this.deliveries = deliveries;
        this.log = log;
        this.authorInboxes = authorInboxes;
        this.pulledPosts = new PulledPosts(
                (authors, each) -> posts.postIdsByAuthors(authors, Optional.empty(), each),
                pull.cachedPerAuthor(),
                pull.cacheRefresh(),
                pull.cachedAuthors(),
                () -> TimeUnit.MILLISECONDS.toNanos(clock.millis()));
        this.rateHalfLife = pull.rateHalfLife();
        this.tally = new ReadTally(
                TALLIED_READERS, this.rules.touchEvery().multipliedBy(2).plusMinutes(1));
        this.maxFollowing = maxFollowing;
        this.clock = clock;
    }

    public Page<PostDetails, Long> home(long viewer, long userId, Optional<Long> before, int limit) {
        return home(viewer, userId, before, Since.NONE, limit);
    }

    /** A page of the home timeline below {@code before}, of posts above {@code since} ({@link Since}). */
    public Page<PostDetails, Long> home(long viewer, long userId, Optional<Long> before, Since since, int limit) {
        Ownership.require(viewer, userId, "only its owner reads a home timeline");
        Set<Long> hidden = audiences.hiddenBy(userId);
        Authors authors = new Authors(userId, hidden);
        HomeRead first = timelines.read(userId, before, limit + 1);
        tally.read(userId);
        Instant now = clock.instant();
        HomeState state;
        boolean rebuilt = first.state().isEmpty() || !isActive(first.state().get(), now);
        if (rebuilt) {
            state = rebuild(userId, authors, first.state(), now);
        } else {
            state = maintain(userId, first.state().get(), now);
        }
        long floor = HomeBoundary.floor(state.completeAbove(), now, rules.entryTtl());
        Reading reading = new Reading(
                userId,
                authors,
                state,
                floor,
                new PulledSources(
                        pulledAbove(userId, first, floor, hidden), floor, pulledPosts, posts::postIdsByAuthors),
                rebuilt ? null : first,
                before,
                limit + 1);
        return PageFill.fill(
                limit,
                before,
                since,
                reading::idsBelow,
                ids -> postService.getAll(viewer, ids).stream()
                        .filter(p -> !hidden.contains(p.post().authorId()))
                        .toList());
    }

    /**
     * The authors the reader pulls, but hidden ones, with the highest post id pulled of each. An entry
     * whose pulled posts are all at or below the boundary (which pulls from everyone) is needed no more,
     * and is dropped.
     */
    private Map<Long, Long> pulledAbove(long userId, HomeRead read, long floor, Set<Long> hidden) {
        Map<Long, Long> pulled = new HashMap<>();
        List<Long> stale = new ArrayList<>();
        read.pulledUpTo().forEach((author, upTo) -> {
            if (upTo <= floor) {
                stale.add(author);
            } else if (!hidden.contains(author)) {
                pulled.put(author, upTo);
            }
        });
        if (!stale.isEmpty()) {
            BestEffort.run(
                    () -> timelines.unpull(userId, stale),
                    "the pulled authors of " + userId + " keep entries no read needs until the next read");
        }
        return pulled;
    }

    /**
     * My own post is in my home timeline at once (read-your-writes); the fan-out writes the same entry
     * again, durably, so a failure here only delays it.
     */
    public void posted(Post post) {
        pulledPosts.changed(post.authorId());
        BestEffort.run(
                () -> {
                    timelines.push(TimelineEntry.of(post), List.of(post.authorId()), rules.entryTtl());
                    authorInboxes.wrote(post.id());
                },
                "the home timeline of " + post.authorId() + " misses post " + post.id() + " until fan-out writes it");
    }

    /** My deleted post leaves my home timeline at once; its retraction takes it out of everyone else's. */
    public void deleted(Post post) {
        pulledPosts.changed(post.authorId());
        BestEffort.run(
                () -> timelines.remove(post.authorId(), List.of(post.id())),
                "the home timeline of " + post.authorId() + " shows deleted post " + post.id()
                        + " until its retraction runs");
    }

    /**
     * A follow of an author their followers pull adds them to my pulled authors: their posts are merged
     * into my pages from now on. Any other follow brings the followee's newest posts in (bounded). If
     * the followee has more, the inbox is no longer complete below the oldest one brought in, so the
     * boundary moves up to it: older history, the followee's included, is pulled. Nothing fails the
     * follow if this cannot be done.
     */
    public void followed(long me, long followee) {
        try {
            // Read after the edge is written: a walk that starts later finds the edge, and one under way
            // (PULLING) may be past it, so the follow adds the entry itself.
            if (deliveries.deliveryOf(followee).mode().pulledByNewFollowers()) {
                timelines.pull(followee, HomeRead.ALL_POSTS, List.of(me));
            }
            // First the activity onto the new edge, then the backfill: a post the edge's fan-out page
            // missed (read before this share) was written before it, so the backfill below finds it.
            Optional<HomeState> state = timelines.state(me);
            if (state.isPresent() && isActive(state.get(), clock.instant())) {
                relations.shareActivity(
                        me,
                        followee,
                        state.get().lastRead(),
                        readsPerDay(state.get().reads(), clock.instant()));
            }
            int backfill = rules.followBackfill();
            List<Long> ids = posts.postIdsByAuthor(followee, Optional.empty(), backfill);
            if (!ids.isEmpty()) {
                timelines.pushAll(me, visibleEntries(me, posts.findAll(ids).values()), rules.entryTtl());
            }
            long complete = HomeBoundary.afterBackfill(ids, backfill);
            // The followee's history may begin earlier than what this reader knew of theirs.
            if (state.isPresent()
                    && (complete > state.get().completeAbove() || state.get().historyFrom() != 0)) {
                HomeState s = state.get();
                timelines.saveState(
                        me,
                        new HomeState(
                                s.lastRead(),
                                Math.max(
                                        s.completeAbove(),
                                        Math.min(
                                                complete,
                                                IdGenerator.lowestAt(
                                                        clock.instant().plusSeconds(1)))),
                                s.trimmedAt(),
                                s.activitySharedAt(),
                                0,
                                s.reads()));
            }
        } catch (RuntimeException e) {
            LOG.warn(
                    "the home timeline of {} misses the recent posts of {} it just followed: {}",
                    me,
                    followee,
                    e.toString());
        }
    }

    /**
     * An unfollow takes the followee out of my pulled authors, and their newest posts out of my inbox
     * (bounded); older ones expire or are trimmed. A page of the followee's followers read before the
     * unfollow may write my entry again after this, so the log takes it out once more, later.
     */
    public void unfollowed(long me, long followee) {
        try {
            log.append(DeliverySwitch.UNFOLLOWED_KIND, followee, me);
            timelines.unpull(me, List.of(followee));
            List<Long> ids = posts.postIdsByAuthor(
                    followee, Optional.empty(), Math.max(rules.followBackfill(), rules.hotWindow()));
            timelines.remove(me, ids);
        } catch (RuntimeException e) {
            LOG.warn(
                    "the home timeline of {} may still show recent posts of {}, unfollowed: {}",
                    me,
                    followee,
                    e.toString());
        }
    }

    /**
     * Marks an active reader's read, trims their inbox and shares their activity, each when due. A read
     * that writes the state adds the reads this instance served since the last write ({@link ReadTally})
     * to the reader's decayed read count, and the share carries the reads a day it makes.
     */
    private HomeState maintain(long userId, HomeState current, Instant now) {
        boolean touch = current.lastRead().isBefore(now.minus(rules.touchEvery()));
        boolean trim = current.trimmedAt().isBefore(now.minus(rules.trimEvery()));
        boolean share = current.activitySharedAt().isBefore(now.minus(rules.shareEvery()));
        if (!touch && !trim && !share) {
            return current;
        }
        DecayedRate reads = current.reads().plus(tally.take(userId), now, rateHalfLife);
        Instant sharedAt = current.activitySharedAt();
        if (share && shared(userId, now, reads)) {
            sharedAt = now;
        }
        long completeAbove = current.completeAbove();
        Instant trimmedAt = current.trimmedAt();
        if (trim) {
            long cut =
                    timelines.trim(userId, rules.hotWindow()).map(id -> id - 1).orElse(0L);
            completeAbove = Math.max(completeAbove, cut);
            trimmedAt = now;
        }
        HomeState next = new HomeState(now, completeAbove, trimmedAt, sharedAt, current.historyFrom(), reads);
        timelines.saveState(userId, next);
        return next;
    }

    /** The reads a day of the reader as of {@code now}: what their shares carry onto their edges. */
    private OptionalDouble readsPerDay(DecayedRate reads, Instant now) {
        return OptionalDouble.of(reads.perDay(now, rateHalfLife));
    }

    /**
     * Marks the reader active first (on their follow edges, where fan-out reads it), so fan-out
     * pushes every post created from now on, then pulls the newest posts of everyone followed into
     * the inbox: a post created in between is in its author's list before its fan-out page reads
     * this reader's edge, so one of the two gets it in. The share is not best effort here: a reader
     * marked active on no edge would get no pushes and no pull.
     */
    private HomeState rebuild(long userId, Authors authors, Optional<HomeState> before, Instant now) {
        long oldBoundary = before.map(HomeState::completeAbove).orElse(0L);
        DecayedRate reads =
                before.map(HomeState::reads).orElse(DecayedRate.NONE).plus(tally.take(userId), now, rateHalfLife);
        relations.shareActivity(userId, now, readsPerDay(reads, now));
        timelines.saveState(userId, new HomeState(now, oldBoundary, now, now, 0, reads));
        int each = rules.rebuildSize();
        Map<Long, List<Long>> byAuthor = posts.postIdsByAuthors(authors.get(), Optional.empty(), each);
        List<Long> all = newestFirst(byAuthor);
        long boundary = HomeBoundary.afterRebuild(byAuthor.values(), all, each, now, rules.entryTtl());
        List<Long> keep = all.stream().filter(id -> id > boundary).limit(each).toList();
        timelines.pushAll(userId, visibleEntries(userId, posts.findAll(keep).values()), rules.entryTtl());
        HomeState rebuilt = new HomeState(now, boundary, now, now, authors.historyFrom(byAuthor.values(), each), reads);
        timelines.saveState(userId, rebuilt);
        return rebuilt;
    }

    /**
     * Active as fan-out sees it: by the read last shared onto the reader's edges (older than the
     * last read by up to shareEvery), so a reader fan-out has started to skip is rebuilt by pull.
     */
    private boolean isActive(HomeState state, Instant now) {
        return !state.activitySharedAt().isBefore(now.minus(rules.activeWindow()));
    }

    /**
     * The periodic share of an active reader: if it fails, the edges keep an older read, still well
     * inside the active window (shareEvery is at most half of it), and the next read tries again.
     */
    private boolean shared(long userId, Instant now, DecayedRate reads) {
        try {
            relations.shareActivity(userId, now, readsPerDay(reads, now));
            return true;
        } catch (StoreException e) {
            LOG.warn(
                    "could not share the last read of {} onto their follow edges; will retry: {}",
                    userId,
                    e.toString());
            return false;
        }
    }

    /**
     * The entries of those posts the reader may see: what a pull writes into an inbox is held to
     * the rule fan-out pushes by, so that pages are not spent on entries the read would drop.
     * Reads still re-check: the rule may change after the entry was written.
     */
    private List<TimelineEntry> visibleEntries(long reader, Collection<Post> found) {
        Set<Long> visible = access.visible(reader, found);
        return found.stream()
                .filter(p -> visible.contains(p.id()))
                .map(TimelineEntry::of)
                .toList();
    }

    /**
     * One page request's reads: rounds of at most {@code want} ids below a cursor, newest first, from
     * the inbox and the pulled authors above the boundary, then pulled from everyone below it. The
     * first round is answered from the read the request began with.
     */
    private final class Reading {
        private final long userId;
        private final Authors authors;
        private HomeState state;
        private final long floor;
        private final PulledSources pulled;
        private HomeRead first;
        private final Optional<Long> firstCursor;
        private final int firstAsked;

        Reading(
                long userId,
                Authors authors,
                HomeState state,
                long floor,
                PulledSources pulled,
                HomeRead first,
                Optional<Long> firstCursor,
                int firstAsked) {
            this.userId = userId;
            this.authors = authors;
            this.state = state;
            this.floor = floor;
            this.pulled = pulled;
            this.first = first;
            this.firstCursor = firstCursor;
            this.firstAsked = firstAsked;
        }

        List<Long> idsBelow(Optional<Long> before, int want) {
            List<Long> ids = new ArrayList<>(want);
            Optional<Long> cursor = before;
            while (HomeBoundary.startsInInbox(cursor, floor)) {
                int n = want - ids.size();
                List<TimelineEntry> entries = entries(cursor, n);
                List<HomeMerge.Source> sources = new ArrayList<>(pulled.below(cursor, n));
                sources.add(inbox(entries, n));
                HomeMerge.Merged merged = HomeMerge.merge(sources, cursor, n);
                ids.addAll(merged.ids());
                if (ids.size() == want) {
                    return ids;
                }
                // Fewer than asked: every id between the merge's bound and the cursor is in; go on below it.
                long bound = merged.completeAbove();
                if (bound <= floor) {
                    break;
                }
                if (bound + 1 >= cursor.orElse(Long.MAX_VALUE)) {
                    throw new IllegalStateException("a merge of home sources stopped above its cursor");
                }
                cursor = Optional.of(bound + 1);
            }
            long pullBelow = HomeBoundary.pullBelow(cursor, floor);
            if (pullBelow <= state.historyFrom()) {
                return ids; // known: no followee has a post down there
            }
            int wanted = want - ids.size();
            List<Long> history = pull(authors, pullBelow, wanted);
            ids.addAll(history);
            if (history.size() < wanted && authors.areAll()) {
                learnHistoryFrom(history.isEmpty() ? pullBelow : history.get(history.size() - 1));
            }
            return ids;
        }

        /** Remembers where the followees' history begins, so the next read does not pull to find out again. */
        private void learnHistoryFrom(long from) {
            if (from > state.historyFrom()) {
                HomeState learned = state.withHistoryFrom(from);
                BestEffort.run(
                        () -> timelines.saveState(userId, learned),
                        "the home of " + userId + " pulls again next time to learn where its history begins");
                state = learned;
            }
        }

        private List<TimelineEntry> entries(Optional<Long> cursor, int n) {
            HomeRead answered = first;
            first = null;
            if (answered != null && cursor.equals(firstCursor) && n <= firstAsked) {
                return answered.entries()
                        .subList(0, Math.min(n, answered.entries().size()));
            }
            return timelines.home(userId, cursor, n);
        }

        /** The inbox asked for {@code n} entries: complete to the floor if it reached it, else above its oldest. */
        private HomeMerge.Source inbox(List<TimelineEntry> entries, int n) {
            List<Long> ids = entries.stream().map(TimelineEntry::postId).toList();
            if (!ids.isEmpty() && ids.get(ids.size() - 1) <= floor) {
                return new HomeMerge.Source(ids, floor);
            }
            return HomeMerge.Source.read(ids, n, floor);
        }
    }

    /** The newest {@code want} post ids below {@code before} of me and everyone I follow. */
    private List<Long> pull(Authors authors, long before, int want) {
        List<Long> all = newestFirst(posts.postIdsByAuthors(authors.get(), Optional.of(before), want));
        return all.subList(0, Math.min(want, all.size()));
    }

    /** Every id of every author's list, newest first. */
    private static List<Long> newestFirst(Map<Long, List<Long>> byAuthor) {
        return byAuthor.values().stream()
                .flatMap(Collection::stream)
                .sorted(Comparator.reverseOrder())
                .toList();
    }

    /**
     * Me and everyone I follow but have not hidden (at most the following limit, so this is
     * bounded), read when a rebuild or a pull first needs it and then kept for the rest of the
     * request: a page that pulls in several rounds reads the following list once.
     */
    private final class Authors {
        private final long userId;
        private final Set<Long> hidden;
        private List<Long> ids;
        private boolean cut;

        Authors(long userId, Set<Long> hidden) {
            this.userId = userId;
            this.hidden = hidden;
        }

        List<Long> get() {
            if (ids == null) {
                Set<Long> authors = new HashSet<>();
                authors.add(userId);
                Optional<FollowCursor> after = Optional.empty();
                cut = true;
                while (authors.size() <= maxFollowing) {
                    List<Follow> page = relations.following(userId, after, 1000);
                    page.forEach(f -> authors.add(f.userId()));
                    if (page.size() < 1000) {
                        cut = false;
                        break;
                    }
                    after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
                }
                authors.removeAll(hidden);
                ids = List.copyOf(authors);
            }
            return ids;
        }

        /** Whether {@link #get} is everyone I follow: none hidden, none past the following limit. */
        boolean areAll() {
            get();
            return hidden.isEmpty() && !cut;
        }

        /**
         * Where the history of everyone I follow begins, from a read of up to {@code each} newest ids
         * of each of them: known only if every list came back short (nothing more below) and they
         * were everyone; with no post at all, nothing exists below now.
         */
        long historyFrom(Collection<List<Long>> byAuthor, int each) {
            if (!areAll() || byAuthor.stream().anyMatch(ids -> ids.size() >= each)) {
                return 0;
            }
            return byAuthor.stream()
                    .flatMap(Collection::stream)
                    .min(Comparator.naturalOrder())
                    .orElse(IdGenerator.lowestAt(clock.instant()));
        }
    }
}
