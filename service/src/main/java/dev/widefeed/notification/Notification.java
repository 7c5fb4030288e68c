package dev.widefeed.notification;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A group as its recipient sees it: how many did it, the newest of them by name, when the newest did. The shares of
 * every event log shard are added up here, and its tallies by minute.
 */
public record Notification(GroupKey key, long count, List<NotifiedActor> newest, Instant latestAt) {
    public Notification {
        newest = List.copyOf(newest);
    }

    public static Notification of(StoredGroup stored) {
        Map<Integer, GroupPart> parts = stored.parts();
        long count = parts.values().stream().mapToLong(GroupPart::count).sum() + tallied(stored.tallies());
        // One actor may be newest in several shares (two of their comments, worked in two shards): named once.
        Map<Long, NotifiedActor> latestOfEach = new HashMap<>();
        Stream.concat(parts.values().stream().flatMap(p -> p.newest().stream()), stored.named().stream())
                .forEach(a -> latestOfEach.merge(a.userId(), a, (x, y) -> x.at().isAfter(y.at()) ? x : y));
        List<NotifiedActor> newest = latestOfEach.values().stream()
                .sorted(Comparator.comparing(NotifiedActor::at).reversed().thenComparing(NotifiedActor::userId))
                .limit(GroupPart.NEWEST)
                .toList();
        Instant latest = Stream.of(
                        parts.values().stream().map(GroupPart::latestAt),
                        stored.named().stream().map(NotifiedActor::at),
                        latestMinute(stored).stream())
                .flatMap(s -> s)
                .max(Comparator.naturalOrder())
                .orElse(Instant.EPOCH);
        return new Notification(stored.key(), count, newest, latest);
    }

    /** The count the tallies keep: per minute and shard, the latest tenure's. */
    static long tallied(Map<TallyKey, Long> tallies) {
        return latestTenures(tallies).values().stream().mapToLong(tallies::get).sum();
    }

    /** Each minute and shard's tally key of the latest tenure. */
    private static Map<List<Integer>, TallyKey> latestTenures(Map<TallyKey, Long> tallies) {
        Map<List<Integer>, TallyKey> latest = new HashMap<>();
        tallies.keySet()
                .forEach(k ->
                        latest.merge(List.of(k.minute(), k.shard()), k, (a, b) -> a.tenure() >= b.tenure() ? a : b));
        return latest;
    }

    /**
     * The start of the latest minute with a source standing: when the newest happened, to the minute, should every
     * actor it names have taken theirs back.
     */
    private static Optional<Instant> latestMinute(StoredGroup stored) {
        return latestTenures(stored.tallies()).values().stream()
                .filter(k -> stored.tallies().get(k) > 0)
                .map(TallyKey::minute)
                .max(Comparator.naturalOrder())
                .map(m -> stored.key().window().plusSeconds(60L * m));
    }

    public Notification withNewest(List<NotifiedActor> shown) {
        return new Notification(key, count, shown, latestAt);
    }
}
