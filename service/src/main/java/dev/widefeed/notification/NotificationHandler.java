package dev.widefeed.notification;

import dev.widefeed.comment.CommentEvent;
import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.GuardedWork;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.post.PostEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of notification entries (docs/design.md, "Notifications"). Every source is logged twice:
 * a guard entry recorded before its change (checked once the change must have landed, so a crash between the change
 * and the second entry loses nothing) and an entry appended after the change (worked at once). Either one brings the
 * source's groups to what its truth says now, so a repeat, or the other entry, changes nothing.
 *
 * <p>All of a pass's entries are worked together: their marks read first, and any change a crash interrupted settled
 * to what really landed before anything is written; then chunk by chunk, their truth read at once and one write per
 * touched group share for the whole chunk. A share has one writer, the holder of its event log shard, so the step
 * named in the share tells whether an interrupted change landed.
 */
public final class NotificationHandler implements LogHandler, LogHandler.Batching {
    private static final String PREFIX = "notify-";
    /** Sources worked together: one round of reads, one of mark writes and one write per touched share for them all. */
    private static final int CHUNK = 256;
    /** How long before a guard is due its creation's hint stops taking the source's mark as unwritten. */
    private static final Duration GUARD_MARGIN = Duration.ofSeconds(30);

    private final NotificationStore store;
    private final NotificationSources sources;
    private final TalliedGroups tallied;
    private final NotificationRules rules;
    private final Clock clock;

    /**
     * @param sources the truth of the families worked with marks
     * @param tallied the families counted by minute
     */
    NotificationHandler(
            NotificationStore store,
            NotificationSources sources,
            TalliedGroups tallied,
            NotificationRules rules,
            Clock clock) {
        this.store = store;
        this.sources = sources;
        this.tallied = tallied;
        this.rules = rules;
        this.clock = clock;
    }

    /** The kind of a family's entries: the hint's ({@link GuardedWork#afterKind}; its guard's, kind-guard). */
    public static String kind(String family) {
        return PREFIX + family;
    }

    /** The entry kind recorded before a source's change, worked once the change must have landed. */
    public static String guardKind(String family, String tag) {
        return GuardedWork.guardKind(kind(family), tag);
    }

    private static String guardKind(String family) {
        return kind(family) + EventLog.GUARD;
    }

    /** This handler under every notification entry kind, for the job's handler map. */
    public Map<String, LogHandler> byKind() {
        Map<String, LogHandler> kinds = new HashMap<>();
        for (String family : NotificationSources.FAMILIES) {
            kinds.put(PREFIX + family, this);
            kinds.put(guardKind(family), this);
        }
        return kinds;
    }

    @Override
    public Work open(LogEntry entry) {
        return open(entry, null);
    }

    @Override
    public void tenureBegan(int shard, Instant since) {
        tallied.tenureBegan(shard, since);
    }

    @Override
    public void tenureEnded(int shard) {
        tallied.tenureEnded(shard);
    }

    /**
     * A hint taken in memory carries its change's event: a tallied family's is trusted as it is
     * ({@link TalliedGroups}).
     */
    @Override
    public Work open(LogEntry entry, Object carried) {
        String kind = entry.handlerKind();
        boolean guard = kind.endsWith(EventLog.GUARD);
        String family = kind.substring(PREFIX.length(), kind.length() - (guard ? EventLog.GUARD.length() : 0));
        Instant recorded = EventLog.startOf(entry.slot());
        // A guard's change may land up to a request's lifetime after the end of its minute.
        Instant due = guard ? recorded.plusSeconds(60).plus(rules.guardDelay()) : recorded;
        return new SourceWork(
                entry.shard(),
                new NotificationSource(family, entry.subjectId(), entry.actorId()),
                recorded,
                due,
                false,
                guard ? Optional.empty() : tallied.carried(family, carried),
                !guard && isCreation(carried));
    }

    private static boolean isCreation(Object event) {
        return event instanceof PostEvent.Created
                || event instanceof PostEvent.Reposted
                || event instanceof CommentEvent.Commented
                || event instanceof CommentEvent.Replied;
    }

    private final class SourceWork extends DueWork {
        final int shard;
        final NotificationSource source;
        final Instant recorded;
        /** What the hint's event said of a tallied source, when it came in memory. */
        final Optional<TalliedGroups.Known> carried;
        /** The hint of a post's or comment's creation, made here: the source can have put nothing anywhere yet. */
        final boolean creation;

        SourceWork(
                int shard,
                NotificationSource source,
                Instant recorded,
                Instant due,
                boolean done,
                Optional<TalliedGroups.Known> carried,
                boolean creation) {
            super(due, done);
            this.shard = shard;
            this.source = source;
            this.recorded = recorded;
            this.carried = carried;
            this.creation = creation;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            return turnAll(List.of(this), keepGoing).get(0);
        }

        SourceWork finished() {
            return new SourceWork(shard, source, recorded, dueSince(), true, carried, creation);
        }
    }

    @Override
    public List<Turn> turnAll(List<Work> works, BooleanSupplier keepGoing) {
        Instant now = clock.instant();
        Map<NotificationSource, Instant> ready = new LinkedHashMap<>();
        Map<NotificationSource, Boolean> unmarked = new HashMap<>();
        List<TalliedGroups.Heard> talliedHeard = new ArrayList<>();
        int shard = -1;
        for (Work work : works) {
            SourceWork w = (SourceWork) work;
            if (!w.waitsAt(now)) {
                // A comment is both: its post's author (or the author it replies to) by minute, its mentions marked.
                if (tallied.families().contains(w.source.family())) {
                    talliedHeard.add(new TalliedGroups.Heard(
                            w.source.family(), w.source.subjectId(), w.source.actorId(), w.carried));
                }
                if (NotificationSources.MARKED.contains(w.source.family())) {
                    ready.merge(w.source, w.recorded, (a, b) -> a.isBefore(b) ? a : b);
                    unmarked.merge(w.source, w.creation && beforeItsGuard(w, now), Boolean::logicalAnd);
                }
                if (shard != -1 && shard != w.shard) {
                    throw new IllegalArgumentException("a batch of notification entries spans shards");
                }
                shard = w.shard;
            }
        }
        if (!keepGoing.getAsBoolean()) {
            return works.stream().map(w -> (Turn) new Turn.NotReady()).toList();
        }
        // The tallies are written for all of the pass or throw; the marks chunk by chunk, as far as the pass goes.
        if (!talliedHeard.isEmpty()) {
            tallied.work(shard, talliedHeard);
        }
        Set<NotificationSource> marked = new HashSet<>();
        if (!ready.isEmpty()) {
            Set<NotificationSource> fresh = new HashSet<>();
            unmarked.forEach((source, yes) -> {
                if (yes) {
                    fresh.add(source);
                }
            });
            marked.addAll(work(shard, ready, fresh, keepGoing));
        }
        List<Turn> turns = new ArrayList<>(works.size());
        for (Work work : works) {
            SourceWork w = (SourceWork) work;
            boolean done = !w.waitsAt(now)
                    && (!NotificationSources.MARKED.contains(w.source.family()) || marked.contains(w.source));
            turns.add(done ? new Turn.Worked(w.finished()) : new Turn.NotReady());
        }
        return turns;
    }

    /**
     * Whether the work, a creation's hint, comes before its guard can have had a turn anywhere: until then nothing
     * has written the new source's mark. The guard is due the guard delay after the end of its minute, which is the
     * hint's or, for a change that crossed a minute, the one before; less a margin for the clocks.
     */
    private boolean beforeItsGuard(SourceWork w, Instant now) {
        return now.isBefore(w.recorded.plus(rules.guardDelay()).minus(GUARD_MARGIN));
    }

    /**
     * Brings every source's groups to its truth: first the changes a crash interrupted are settled (for all of them,
     * before any share is written), then chunk by chunk, each chunk writing every share it touches once.
     */
    private Set<NotificationSource> work(
            int shard,
            Map<NotificationSource, Instant> ready,
            Set<NotificationSource> unmarked,
            BooleanSupplier keepGoing) {
        Set<NotificationSource> done = new HashSet<>();
        List<NotificationSource> all = new ArrayList<>(ready.keySet());
        Map<NotificationSource, SourceMark> marks = new HashMap<>();
        unmarked.forEach(source -> marks.put(source, SourceMark.NONE));
        List<NotificationSource> toRead =
                all.stream().filter(s -> !unmarked.contains(s)).toList();
        for (int from = 0; from < toRead.size(); from += CHUNK) {
            marks.putAll(store.marks(toRead.subList(from, Math.min(toRead.size(), from + CHUNK))));
        }
        settleInterrupted(shard, marks);
        for (int from = 0; from < all.size() && keepGoing.getAsBoolean(); from += CHUNK) {
            Map<NotificationSource, Instant> chunk = new LinkedHashMap<>();
            all.subList(from, Math.min(all.size(), from + CHUNK)).forEach(s -> chunk.put(s, ready.get(s)));
            workChunk(shard, chunk, marks);
            done.addAll(chunk.keySet());
        }
        return done;
    }

    private void workChunk(
            int shard, Map<NotificationSource, Instant> chunk, Map<NotificationSource, SourceMark> marks) {
        Map<NotificationSource, Set<Contribution>> desired = sources.desired(chunk, marks);
        String step = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
        Map<NotificationSource, SourceMark> changing = new HashMap<>();
        Map<GroupKey, List<Contribution>> added = new HashMap<>();
        Map<GroupKey, List<Contribution>> removed = new HashMap<>();
        desired.forEach((source, target) -> {
            SourceMark mark = marks.getOrDefault(source, SourceMark.NONE);
            if (!mark.applied().equals(target)) {
                changing.put(source, mark.changingTo(target, step));
                collect(mark.applied(), target, added, removed);
            }
        });
        if (changing.isEmpty()) {
            return;
        }
        store.saveMarks(changing);
        Set<GroupKey> touched = new HashSet<>(added.keySet());
        touched.addAll(removed.keySet());
        Map<GroupKey, Optional<GroupPart>> parts = store.parts(touched, shard);
        for (GroupKey group : touched) {
            Optional<GroupPart> part = parts.get(group);
            GroupPart next = part.orElse(GroupPart.empty())
                    .plus(added.getOrDefault(group, List.of()), removed.getOrDefault(group, List.of()), step);
            if (!store.compareAndSetPart(group, shard, part, next)) {
                // Another writer holds the shard now (this one's lease lapsed): it finishes these from their marks.
                throw new IllegalStateException("notification group share " + group + "/" + shard + " changed under "
                        + "its writer; the shard's holder finishes it");
            }
        }
        Map<NotificationSource, SourceMark> settled = new HashMap<>();
        changing.forEach((source, mark) -> settled.put(source, mark.settled()));
        store.saveMarks(settled);
    }

    /**
     * Settles the marks of changes a crash (or a failed write) interrupted, to what their step really put into the
     * groups: the step wrote each share it touched once, naming itself, so a share whose last step is this one got
     * the change and any other did not. Only marks are written here; the pass then changes what still differs from
     * the truth as usual. Nothing else wrote those shares since: each has one writer, and every pass settles the
     * interrupted changes of all its pending entries before it writes any share.
     */
    private void settleInterrupted(int shard, Map<NotificationSource, SourceMark> marks) {
        Map<NotificationSource, SourceMark> interrupted = new HashMap<>();
        Set<GroupKey> touched = new HashSet<>();
        marks.forEach((source, mark) -> mark.pending().ifPresent(p -> {
            interrupted.put(source, mark);
            mark.applied().forEach(c -> touched.add(c.group()));
            p.target().forEach(c -> touched.add(c.group()));
        }));
        if (interrupted.isEmpty()) {
            return;
        }
        Map<GroupKey, Optional<GroupPart>> parts = store.parts(touched, shard);
        Map<NotificationSource, SourceMark> settled = new HashMap<>();
        interrupted.forEach((source, mark) -> {
            SourceMark.Pending pending = mark.pending().orElseThrow();
            Set<Contribution> inGroups = new HashSet<>();
            for (Contribution c : mark.applied()) {
                if (pending.target().contains(c) || !landed(parts.get(c.group()), pending.step())) {
                    inGroups.add(c);
                }
            }
            for (Contribution c : pending.target()) {
                if (landed(parts.get(c.group()), pending.step())) {
                    inGroups.add(c);
                }
            }
            settled.put(source, new SourceMark(inGroups, Optional.empty()));
        });
        store.saveMarks(settled);
        marks.putAll(settled);
    }

    private static boolean landed(Optional<GroupPart> part, String step) {
        return part.map(GroupPart::lastStep).filter(step::equals).isPresent();
    }

    private static void collect(
            Set<Contribution> from,
            Set<Contribution> to,
            Map<GroupKey, List<Contribution>> added,
            Map<GroupKey, List<Contribution>> removed) {
        for (Contribution c : from) {
            if (!to.contains(c)) {
                removed.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
            }
        }
        for (Contribution c : to) {
            if (!from.contains(c)) {
                added.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
            }
        }
    }
}
