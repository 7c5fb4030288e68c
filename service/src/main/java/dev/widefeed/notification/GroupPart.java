package dev.widefeed.notification;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One event log shard's share of a group: how many sources it counted in, the newest of their actors, when the
 * newest happened, and the last step that wrote it. Each share has one writer (the holder of its shard's lease), so
 * a share changes by compare-and-set on what that writer read, and {@code lastStep} tells a writer resuming after a
 * crash whether its last write landed (docs/design.md, "Notifications"). A group's count is the sum of its shares.
 *
 * <p>Stored as one short text, the same in both stores ({@link #encode}).
 */
public record GroupPart(long count, List<NotifiedActor> newest, Instant latestAt, String lastStep) {
    /** How many actors a group shows by name; the rest are its count. */
    public static final int NEWEST = 3;

    public GroupPart {
        newest = List.copyOf(newest);
        if (lastStep.contains(";") || lastStep.contains(",")) {
            throw new IllegalArgumentException("bad step " + lastStep);
        }
    }

    public static GroupPart empty() {
        return new GroupPart(0, List.of(), Instant.EPOCH, "");
    }

    /** This share with {@code delta} sources added (or taken away) by {@code step}. */
    public GroupPart plus(List<Contribution> added, List<Contribution> removed, String step) {
        List<NotifiedActor> actors = new ArrayList<>(newest);
        Instant latest = latestAt;
        for (Contribution c : removed) {
            actors.removeIf(a -> a.userId() == c.actorId());
        }
        for (Contribution c : added) {
            actors.removeIf(a -> a.userId() == c.actorId());
            actors.add(new NotifiedActor(c.actorId(), c.at()));
            latest = c.at().isAfter(latest) ? c.at() : latest;
        }
        actors.sort(Comparator.comparing(NotifiedActor::at).reversed().thenComparing(NotifiedActor::userId));
        return new GroupPart(
                Math.max(0, count + added.size() - removed.size()),
                actors.subList(0, Math.min(NEWEST, actors.size())),
                latest,
                step);
    }

    public String encode() {
        StringBuilder s = new StringBuilder()
                .append(count)
                .append(';')
                .append(latestAt.toEpochMilli())
                .append(';')
                .append(lastStep)
                .append(';');
        for (int i = 0; i < newest.size(); i++) {
            s.append(i == 0 ? "" : ",").append(newest.get(i).encode());
        }
        return s.toString();
    }

    public static GroupPart decode(String encoded) {
        String[] fields = encoded.split(";", -1);
        if (fields.length != 4) {
            throw new IllegalArgumentException("not a group part: " + encoded);
        }
        List<NotifiedActor> actors = new ArrayList<>();
        if (!fields[3].isEmpty()) {
            for (String actor : fields[3].split(",")) {
                actors.add(NotifiedActor.decode(actor));
            }
        }
        return new GroupPart(
                Long.parseLong(fields[0]), actors, Instant.ofEpochMilli(Long.parseLong(fields[1])), fields[2]);
    }
}
