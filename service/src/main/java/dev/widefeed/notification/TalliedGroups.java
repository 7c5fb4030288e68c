package dev.widefeed.notification;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.kernel.Futures;
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
import java.util.function.LongToIntFunction;

/**
 * The groups counted by minute with no mark per source (docs/design.md, "Notifications"): likes, follows, comments
 * and replies, each family a {@link TalliedSource}. The holder of a subject's event log shard keeps in memory,
 * per group and minute of the sources' own times, who stands in it, and writes each touched minute's count as an
 * absolute tally, with the actors it newly names or lets go: one write per touched group per pass, however many
 * sources the pass holds, and a repeat writes the same row.
 *
 * <p>What a minute holds is known because every source of the subject reaches its shard's holder: a hint taken in
 * memory carries its event; a hint from the store, or a guard whose hint was not worked here, is read from the
 * source's truth row. A minute that began within this tenure starts empty; any other is counted from the subject's
 * list (the copy, written before the change answered) when first touched, so the tenure after a crash or a handover
 * counts again what its predecessor may have half written, and its tallies outvote the predecessor's
 * ({@link TallyKey}).
 */
final class TalliedGroups {
    /** Minutes kept in memory per shard: the least recently touched go first. */
    private static final int MINUTES_PER_SHARD = 10_000;
    /** Changes remembered per shard, to order a carried event against a later read of the truth. */
    private static final int CHANGES_PER_SHARD = 100_000;

    /** Actors a group names at most, newest kept: the three shown are the newest of them. */
    static final int NAMED = 8;
    /** Groups whose named actors are remembered per shard, to let the older go as newer come. */
    private static final int NAMED_GROUPS_PER_SHARD = 10_000;

    /** A minute starts empty only if it began this long after its tenure: the clocks of the instances that change. */
    private static final Duration CLOCK_MARGIN = Duration.ofSeconds(1);

    /**
     * One source as known now, from its event or its truth row: whether it stands ({@code on}), its time (when it
     * began, kept after it ended; null if it never was) and when it last changed. Its time to the millisecond, as the
     * store keeps it, so a name written at the time its event carried is deleted at the time its truth row gives.
     */
    record Known(long subjectId, long actorId, boolean on, Instant at, Instant changedAt) {
        Known {
            at = at == null ? null : at.truncatedTo(ChronoUnit.MILLIS);
        }

        /** From a truth row whose version is the microsecond of its last change. */
        static Known ofVersion(long subjectId, long actorId, boolean on, Instant at, long version) {
            return new Known(subjectId, actorId, on, at, Instant.EPOCH.plus(version, ChronoUnit.MICROS));
        }

        /** From the event of a change that began a source at {@code at}: its version is that millisecond. */
        static Known began(long subjectId, long actorId, Instant at) {
            return new Known(subjectId, actorId, true, at, at.truncatedTo(ChronoUnit.MILLIS));
        }
    }

    /** One entry of a source, as a pass opened it: the state its event carried, if it came in memory. */
    record Heard(String family, long subjectId, long actorId, Optional<Known> carried) {}

    /** One minute of one group. */
    private record Minute(GroupKey group, int minute) {}

    private record Source(String family, long subjectId, long actorId) {}

    private final Map<String, TalliedSource> families;
    private final Map<NotificationKind, TalliedSource> byKind;
    private final LongToIntFunction shardOf;
    private final AudienceFacts facts;
    private final NotificationStore store;
    private final NotificationRules rules;
    private final Clock clock;
    private final Executor reads;
    private final Map<Integer, ShardTallies> shards = new ConcurrentHashMap<>();

    /** @param shardOf the event log shard of a subject's entries */
    TalliedGroups(
            List<TalliedSource> sources,
            LongToIntFunction shardOf,
            AudienceFacts facts,
            NotificationStore store,
            NotificationRules rules,
            Clock clock,
            Executor reads) {
        if (rules.window().toSeconds() % 60 != 0) {
            throw new IllegalArgumentException("groups are counted by minute: a window of whole minutes");
        }
        Map<String, TalliedSource> families = new HashMap<>();
        Map<NotificationKind, TalliedSource> byKind = new HashMap<>();
        sources.forEach(source -> {
            families.put(source.family(), source);
            source.kinds().forEach(kind -> byKind.put(kind, source));
        });
        this.families = Map.copyOf(families);
        this.byKind = Map.copyOf(byKind);
        this.shardOf = shardOf;
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

    /** The families counted here. */
    Set<String> families() {
        return families.keySet();
    }

    /** What a source's hint carried of it, when this instance made the change: its event, read by its family. */
    Optional<Known> carried(String family, Object event) {
        TalliedSource source = families.get(family);
        return source == null || event == null ? Optional.empty() : source.carried(event);
    }

    /**
     * Brings the groups of the given sources to where they stand: each one's carried state, or its truth row read
     * now. Throws if a write failed: the pass's entries are worked again, and write the same.
     *
     * @param heard each entry of the pass, with what it carried (empty: read its truth)
     */
    void work(int shard, List<Heard> heard) {
        ShardTallies tallies = shards.computeIfAbsent(shard, s -> new ShardTallies(Instant.MAX));
        Map<Source, List<Optional<Known>>> bySource = new LinkedHashMap<>();
        heard.forEach(h -> bySource.computeIfAbsent(
                        new Source(h.family(), h.subjectId(), h.actorId()), k -> new ArrayList<>())
                .add(h.carried()));
        Map<Source, Known> known = known(bySource);
        Map<Source, TalliedSource.Placed> placed = new HashMap<>();
        known.forEach((s, k) -> families.get(s.family()).place(k).ifPresent(p -> placed.put(s, p)));
        Set<Link> links = new HashSet<>();
        placed.forEach((s, p) -> links.add(new Link(p.recipientId(), s.actorId())));
        Map<Link, Set<Mark>> marks = links.isEmpty() ? Map.of() : facts.marksOf(links);
        synchronized (tallies) {
            Map<GroupKey, GroupChange> changes = new LinkedHashMap<>();
            Map<Source, Minute> applied = new LinkedHashMap<>();
            for (Map.Entry<Source, Known> e : known.entrySet()) {
                Known k = e.getValue();
                TalliedSource.Placed where = placed.get(e.getKey());
                if (where == null || k.at() == null || !tallies.isNewest(e.getKey(), k)) {
                    continue; // the target is gone (its purge takes its groups), never was, or a later change known
                }
                applied.put(e.getKey(), minuteOf(where, k));
            }
            tallies.load(Set.copyOf(applied.values()), m -> countFromList(shard, m));
            for (Map.Entry<Source, Minute> e : applied.entrySet()) {
                Known k = known.get(e.getKey());
                long member = placed.get(e.getKey()).memberId();
                Minute minute = e.getValue();
                long recipient = minute.group().recipientId();
                boolean stands = k.on() && told(recipient, k.actorId(), marks);
                Map<Long, Instant> in = tallies.minute(minute);
                GroupChange change = changes.computeIfAbsent(minute.group(), g -> new GroupChange());
                change.minutes.add(minute.minute());
                Map<Long, Instant> named = tallies.named(minute.group());
                if (stands) {
                    in.put(member, k.at());
                    named.put(k.actorId(), k.at());
                    change.named.put(k.actorId(), k.at());
                    change.unnamedAt.remove(k.actorId());
                    if (named.size() > NAMED) {
                        Map.Entry<Long, Instant> oldest = named.entrySet().stream()
                                .min(Map.Entry.comparingByValue())
                                .orElseThrow();
                        named.remove(oldest.getKey());
                        change.named.remove(oldest.getKey());
                        change.unnamedAt.put(oldest.getKey(), oldest.getValue());
                    }
                } else {
                    in.remove(member);
                    named.remove(k.actorId());
                    change.named.remove(k.actorId());
                    change.unnamedAt.put(k.actorId(), k.at());
                }
                tallies.noteChange(e.getKey(), k);
            }
            List<TallyWrite> writes = new ArrayList<>();
            changes.forEach((group, change) -> {
                Map<TallyKey, Long> counts = new HashMap<>();
                for (int m : change.minutes) {
                    counts.put(new TallyKey(m, shard, tallies.tenure), (long)
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
     * Each source as known: its carried event when that is all the pass heard of it, else its truth row, read now
     * (several entries of one source in one pass may not arrive in the order of their changes).
     */
    private Map<Source, Known> known(Map<Source, List<Optional<Known>>> heard) {
        Map<Source, Known> known = new LinkedHashMap<>();
        Map<Source, CompletableFuture<Known>> reading = new HashMap<>();
        heard.forEach((source, entries) -> {
            if (entries.size() == 1 && entries.get(0).isPresent()) {
                known.put(source, entries.get(0).get());
            } else {
                TalliedSource family = families.get(source.family());
                reading.put(
                        source,
                        CompletableFuture.supplyAsync(() -> family.truth(source.subjectId(), source.actorId()), reads));
            }
        });
        reading.forEach((source, truth) -> known.put(source, Futures.join(truth)));
        return known;
    }

    private Minute minuteOf(TalliedSource.Placed where, Known k) {
        Instant window = rules.windowOf(k.at());
        int minute = (int) (Duration.between(window, k.at()).toSeconds() / 60);
        return new Minute(new GroupKey(where.recipientId(), window, where.kind(), where.targetId()), minute);
    }

    private static Instant startOf(Minute m) {
        return m.group().window().plusSeconds(60L * m.minute());
    }

    /**
     * Who stands in the minute by the target's list, by the key each counts under: every source of the shard whose
     * time falls in it, but the recipient's own and those of actors the recipient blocked or hid.
     */
    private Map<Long, Instant> countFromList(int shard, Minute m) {
        long recipient = m.group().recipientId();
        Instant start = startOf(m);
        Map<Long, TalliedSource.Listed> listed = byKind.get(m.group().kind())
                .listed(m.group().kind(), m.group().targetId(), start, start.plusSeconds(60));
        Set<Link> links = new HashSet<>();
        listed.values().forEach(l -> links.add(new Link(recipient, l.actorId())));
        Map<Link, Set<Mark>> marks = links.isEmpty() ? Map.of() : facts.marksOf(links);
        Map<Long, Instant> in = new HashMap<>();
        listed.forEach((member, l) -> {
            if (shardOf.applyAsInt(l.subjectId()) == shard && told(recipient, l.actorId(), marks)) {
                in.put(member, l.at());
            }
        });
        return in;
    }

    /** Whether the recipient is told of the actor's doing: not their own, nor of one they blocked or hid. */
    private static boolean told(long recipient, long actor, Map<Link, Set<Mark>> marks) {
        return recipient != actor
                && !NotificationSources.muted(marks.getOrDefault(new Link(recipient, actor), Set.of()));
    }

    /**
     * What one shard's tenure here knows: who stands in each minute it touched, and the latest change of each source.
     */
    private final class ShardTallies {
        /** Tallies written in this tenure carry its start: they outvote every earlier tenure's. */
        final long tenure;
        /** Minutes that begin at or after this start empty: every source in them reaches this tenure. */
        private Instant freshFrom;

        private final LinkedHashMap<Minute, Map<Long, Instant>> minutes = new LinkedHashMap<>(16, 0.75f, true);
        private final LinkedHashMap<Source, Instant> changes = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Source, Instant> eldest) {
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

        /** Whether the source's change is no older than the latest this tenure applied for it. */
        boolean isNewest(Source source, Known k) {
            Instant latest = changes.get(source);
            return latest == null || !k.changedAt().isBefore(latest);
        }

        void noteChange(Source source, Known k) {
            changes.put(source, k.changedAt());
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
