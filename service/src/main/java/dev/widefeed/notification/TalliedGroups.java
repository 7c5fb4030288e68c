package dev.widefeed.notification;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.kernel.Futures;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeEvent;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostRows;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The groups of likes, counted by minute with no mark per like (docs/design.md, "Notifications"). The holder of a
 * post's event log shard keeps in memory, per group and minute of the likes' own times, who stands in it, and writes
 * each touched minute's count as an absolute tally, with the actors it newly names or lets go: one write per touched
 * group per pass, however many likes the pass holds, and a repeat writes the same row.
 *
 * <p>What a minute holds is known because every like of the post reaches its shard's holder: a hint taken in memory
 * carries its event; a hint from the store, or a guard whose hint was not worked here, is read from the like's truth
 * row. A minute that began within this tenure starts empty; any other is counted from the post's likers (the list
 * copy, written before the like answered) when first touched, so the tenure after a crash or a handover counts again
 * what its predecessor may have half written, and its tallies outvote the predecessor's ({@link TallyKey}).
 */
final class LikeTallies {
    /** Minutes kept in memory per shard: the least recently touched go first. */
    private static final int MINUTES_PER_SHARD = 10_000;
    /** Changes remembered per shard to order a carried event against a later read of the truth. */
    private static final int CHANGES_PER_SHARD = 100_000;

    /** Actors a group names at most, newest kept: the three shown are the newest of them. */
    static final int NAMED = 8;
    /** Groups whose named actors are remembered per shard, to let the older go as newer come. */
    private static final int NAMED_GROUPS_PER_SHARD = 10_000;

    private static final int LIKERS_PAGE = 500;
    /** A minute starts empty only if it began this long after its tenure: the clocks of the instances that like. */
    private static final Duration CLOCK_MARGIN = Duration.ofSeconds(1);

    /**
     * One like as known now: from its event, or its truth row. Its time to the millisecond, as the store keeps it, so
     * a name written at the time its event carried is deleted at the time its truth row gives.
     */
    record Known(long postId, long userId, boolean liked, Instant likedAt, Instant changedAt) {
        Known {
            likedAt = likedAt == null ? null : likedAt.truncatedTo(ChronoUnit.MILLIS);
        }
    }

    /** One entry of a like, as a pass opened it: the state its event carried, if it came in memory. */
    record Heard(long postId, long userId, Optional<Known> carried) {}

    /** One minute of one group. */
    private record Minute(GroupKey group, int minute) {}

    private record PostUser(long postId, long userId) {}

    private final LikeStore likes;
    private final PostRows posts;
    private final AudienceFacts facts;
    private final NotificationStore store;
    private final NotificationRules rules;
    private final Clock clock;
    private final Executor reads;
    private final Map<Integer, ShardTallies> shards = new ConcurrentHashMap<>();

    LikeTallies(
            LikeStore likes,
            PostRows posts,
            AudienceFacts facts,
            NotificationStore store,
            NotificationRules rules,
            Clock clock,
            Executor reads) {
        if (rules.window().toSeconds() % 60 != 0) {
            throw new IllegalArgumentException("like groups are counted by minute: a window of whole minutes");
        }
        this.likes = likes;
        this.posts = posts;
        this.facts = facts;
        this.store = store;
        this.rules = rules;
        this.clock = clock;
        this.reads = reads;
    }

    void tenureBegan(int shard, Instant since) {
        shards.put(shard, new ShardTallies(since));
    }

    void tenureEnded(int shard) {
        shards.remove(shard);
    }

    /** What a like's entry tells of it: its event when this instance made the change, else nothing to trust. */
    static Optional<Known> carried(Object event) {
        return event instanceof LikeEvent.Liked liked
                // The change's version is its millisecond, in microseconds (or one more): the event's time, as kept.
                ? Optional.of(new Known(
                        liked.postId(),
                        liked.userId(),
                        true,
                        liked.at(),
                        liked.at().truncatedTo(ChronoUnit.MILLIS)))
                : Optional.empty();
    }

    /**
     * Brings the groups of the given likes to where they stand: each like's carried state, or its truth row read
     * now. Throws if a write failed: the pass's entries are worked again, and write the same.
     *
     * @param heard each like entry of the pass, with what it carried (empty: read its truth)
     */
    void work(int shard, List<Heard> heard) {
        ShardTallies tallies = shards.computeIfAbsent(shard, s -> new ShardTallies(Instant.MAX));
        Map<PostUser, List<Optional<Known>>> byLike = new LinkedHashMap<>();
        heard.forEach(h -> byLike.computeIfAbsent(new PostUser(h.postId(), h.userId()), k -> new ArrayList<>())
                .add(h.carried()));
        List<Known> known = known(byLike);
        Map<Long, Long> authors = authors(known);
        Set<Link> links = new HashSet<>();
        known.forEach(k -> Optional.ofNullable(authors.get(k.postId()))
                .ifPresent(author -> links.add(new Link(author, k.userId()))));
        Map<Link, Set<Mark>> marks = links.isEmpty() ? Map.of() : facts.marksOf(links);
        synchronized (tallies) {
            Map<GroupKey, GroupChange> changes = new LinkedHashMap<>();
            List<Known> applied = new ArrayList<>();
            Set<Minute> needed = new HashSet<>();
            for (Known k : known) {
                Long author = authors.get(k.postId());
                if (author == null || k.likedAt() == null || !tallies.isNewest(k)) {
                    continue; // the post is gone (its purge takes its groups), never liked, or a later change known
                }
                applied.add(k);
                needed.add(minuteOf(author, k));
            }
            tallies.load(needed, this::countFromLikers);
            for (Known k : applied) {
                long author = authors.get(k.postId());
                Minute minute = minuteOf(author, k);
                boolean stands = k.liked()
                        && author != k.userId()
                        && !NotificationSources.muted(marks.getOrDefault(new Link(author, k.userId()), Set.of()));
                Map<Long, Instant> in = tallies.minute(minute);
                GroupChange change = changes.computeIfAbsent(minute.group(), g -> new GroupChange());
                change.minutes.add(minute.minute());
                Map<Long, Instant> named = tallies.named(minute.group());
                if (stands) {
                    in.put(k.userId(), k.likedAt());
                    named.put(k.userId(), k.likedAt());
                    change.named.put(k.userId(), k.likedAt());
                    change.unnamedAt.remove(k.userId());
                    if (named.size() > NAMED) {
                        Map.Entry<Long, Instant> oldest = named.entrySet().stream()
                                .min(Map.Entry.comparingByValue())
                                .orElseThrow();
                        named.remove(oldest.getKey());
                        change.named.remove(oldest.getKey());
                        change.unnamedAt.put(oldest.getKey(), oldest.getValue());
                    }
                } else {
                    in.remove(k.userId());
                    named.remove(k.userId());
                    change.named.remove(k.userId());
                    change.unnamedAt.put(k.userId(), k.likedAt());
                }
                tallies.noteChange(k);
            }
            List<TallyWrite> writes = new ArrayList<>();
            changes.forEach((group, change) -> {
                Map<TallyKey, Long> counts = new HashMap<>();
                for (int m : change.minutes) {
                    counts.put(new TallyKey(m, tallies.tenure), (long)
                            tallies.minute(new Minute(group, m)).size());
                }
                Set<NotifiedActor> named = new HashSet<>();
                change.named.forEach((actor, at) -> named.add(new NotifiedActor(actor, at)));
                writes.add(new TallyWrite(group, counts, named, change.unnamedAt));
            });
            tallies.trim();
            store.writeTallies(writes);
        }
    }

    /** What one pass changes in one group. */
    private static final class GroupChange {
        final Set<Integer> minutes = new HashSet<>();
        final Map<Long, Instant> named = new HashMap<>();
        final Map<Long, Instant> unnamedAt = new HashMap<>();
    }

    /**
     * Each like as known: its carried event when that is all the pass heard of it, else its truth row, read now
     * (several entries of one like in one pass may not arrive in the order of their changes).
     */
    private List<Known> known(Map<PostUser, List<Optional<Known>>> heard) {
        List<Known> known = new ArrayList<>();
        Map<PostUser, CompletableFuture<LikeEdge>> reading = new HashMap<>();
        heard.forEach((like, entries) -> {
            if (entries.size() == 1 && entries.get(0).isPresent()) {
                known.add(entries.get(0).get());
            } else {
                reading.put(like, CompletableFuture.supplyAsync(() -> likes.edge(like.postId(), like.userId()), reads));
            }
        });
        reading.forEach((like, edge) -> {
            LikeEdge e = Futures.join(edge);
            Instant changed = Instant.EPOCH.plus(e.version(), ChronoUnit.MICROS);
            known.add(new Known(like.postId(), like.userId(), e.liked(), e.likedAt(), changed));
        });
        return known;
    }

    private Map<Long, Long> authors(List<Known> known) {
        Map<Long, Long> authors = new HashMap<>();
        for (Known k : known) {
            if (!authors.containsKey(k.postId())) {
                posts.find(k.postId()).map(Post::authorId).ifPresent(a -> authors.put(k.postId(), a));
            }
        }
        return authors;
    }

    private Minute minuteOf(long author, Known k) {
        Instant window = rules.windowOf(k.likedAt());
        int minute = (int) (Duration.between(window, k.likedAt()).toSeconds() / 60);
        return new Minute(new GroupKey(author, window, NotificationKind.LIKE, k.postId()), minute);
    }

    private static Instant startOf(Minute m) {
        return m.group().window().plusSeconds(60L * m.minute());
    }

    /**
     * Who stands in the minute by the post's likers list: every liker whose like's time falls in it, but the author
     * and those the author blocked or hid.
     */
    private Map<Long, Instant> countFromLikers(Minute m) {
        long postId = m.group().targetId();
        long author = m.group().recipientId();
        Instant start = startOf(m);
        Instant end = start.plusSeconds(60);
        Map<Long, Instant> in = new HashMap<>();
        Optional<LikeCursor> after = Optional.of(new LikeCursor(end, 0));
        while (after.isPresent()) {
            List<Like> page = likes.likers(postId, after, LIKERS_PAGE);
            after = page.size() < LIKERS_PAGE
                    ? Optional.empty()
                    : Optional.of(new LikeCursor(
                            page.get(page.size() - 1).likedAt(),
                            page.get(page.size() - 1).userId()));
            for (Like like : page) {
                if (like.likedAt().isBefore(start)) {
                    after = Optional.empty();
                    break;
                }
                if (like.likedAt().isBefore(end) && like.userId() != author) {
                    in.put(like.userId(), like.likedAt());
                }
            }
        }
        if (!in.isEmpty()) {
            Set<Link> links = new HashSet<>();
            in.keySet().forEach(u -> links.add(new Link(author, u)));
            facts.marksOf(links).forEach((link, marks) -> {
                if (NotificationSources.muted(marks)) {
                    in.remove(link.memberId());
                }
            });
        }
        return in;
    }

    /** What one shard's tenure here knows: who stands in each minute it touched, and the latest change of each like. */
    private final class ShardTallies {
        /** Tallies written in this tenure carry its start: they outvote every earlier tenure's. */
        final long tenure;
        /** Minutes that begin at or after this start empty: every like in them reaches this tenure. */
        private Instant freshFrom;

        private final LinkedHashMap<Minute, Map<Long, Instant>> minutes = new LinkedHashMap<>(16, 0.75f, true);
        private final LinkedHashMap<PostUser, Instant> changes = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<PostUser, Instant> eldest) {
                return size() > CHANGES_PER_SHARD;
            }
        };

        /**
         * The actors each group names as this tenure wrote them. A tenure lets go only of the names it wrote: a group
         * keeps at most {@link #NAMED} per tenure that named in it, and the three shown are the newest of all.
         */
        private final LinkedHashMap<GroupKey, Map<Long, Instant>> named = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<GroupKey, Map<Long, Instant>> eldest) {
                return size() > NAMED_GROUPS_PER_SHARD;
            }
        };

        ShardTallies(Instant since) {
            // A shard worked with no tenure told (a job that did not say): nothing starts empty, every minute counted.
            this.tenure = (since.equals(Instant.MAX) ? clock.instant() : since).toEpochMilli();
            this.freshFrom = since.equals(Instant.MAX) ? Instant.MAX : since.plus(CLOCK_MARGIN);
        }

        /** Whether the like's change is no older than the latest this tenure applied for it. */
        boolean isNewest(Known k) {
            Instant latest = changes.get(new PostUser(k.postId(), k.userId()));
            return latest == null || !k.changedAt().isBefore(latest);
        }

        void noteChange(Known k) {
            changes.put(new PostUser(k.postId(), k.userId()), k.changedAt());
        }

        /** Makes every minute known: empty if it began within the tenure, else counted, all at once. */
        void load(Set<Minute> needed, Function<Minute, Map<Long, Instant>> count) {
            Map<Minute, CompletableFuture<Map<Long, Instant>>> counting = new HashMap<>();
            for (Minute m : needed) {
                if (minutes.containsKey(m)) {
                    continue;
                }
                if (!startOf(m).isBefore(freshFrom)) {
                    minutes.put(m, new HashMap<>());
                } else {
                    counting.put(m, CompletableFuture.supplyAsync(() -> count.apply(m), reads));
                }
            }
            counting.forEach((m, future) -> minutes.put(m, new HashMap<>(Futures.join(future))));
        }

        Map<Long, Instant> named(GroupKey group) {
            return named.computeIfAbsent(group, g -> new HashMap<>());
        }

        Map<Long, Instant> minute(Minute m) {
            return minutes.get(m);
        }

        /**
         * Lets the least recently touched minutes go past the bound. A minute let go is counted again when touched,
         * and so is any minute before its end: a minute now starting empty could be one let go.
         */
        void trim() {
            for (Iterator<Map.Entry<Minute, Map<Long, Instant>>> it =
                            minutes.entrySet().iterator();
                    minutes.size() > MINUTES_PER_SHARD && it.hasNext(); ) {
                Minute m = it.next().getKey();
                it.remove();
                Instant end = startOf(m).plusSeconds(60);
                if (end.isAfter(freshFrom)) {
                    freshFrom = end;
                }
            }
        }
    }
}
