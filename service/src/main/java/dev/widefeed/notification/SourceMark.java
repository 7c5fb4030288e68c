package dev.widefeed.notification;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What one source (a like of a post by a user, a follow, a comment, ...) has put into groups: the contributions
 * {@code applied}, and, while a change is under way, the contributions it is changing to and the step that writes
 * them ({@code pending}). The mark is written with its pending change before any group is touched, so a crash
 * leaves either nothing done or a change whose step can be checked against the groups and finished
 * (docs/design.md, "Notifications").
 *
 * <p>Stored as one short text, the same in both stores ({@link #encode}).
 */
public record SourceMark(Set<Contribution> applied, Optional<Pending> pending) {
    public static final SourceMark NONE = new SourceMark(Set.of(), Optional.empty());

    /** A change under way: from {@code applied} to {@code target}, written by {@code step}. */
    public record Pending(Set<Contribution> target, String step) {
        public Pending {
            target = Set.copyOf(target);
        }
    }

    public SourceMark {
        applied = Set.copyOf(applied);
    }

    public SourceMark changingTo(Set<Contribution> target, String step) {
        return new SourceMark(applied, Optional.of(new Pending(target, step)));
    }

    /** The mark once its pending change is done. */
    public SourceMark settled() {
        return pending.map(p -> new SourceMark(p.target(), Optional.empty())).orElse(this);
    }

    public String encode() {
        return encode(applied) + ";"
                + pending.map(p -> p.step() + ";" + encode(p.target())).orElse(";");
    }

    public static SourceMark decode(String encoded) {
        String[] fields = encoded.split(";", -1);
        if (fields.length != 3) {
            throw new IllegalArgumentException("not a source mark: " + encoded);
        }
        Optional<Pending> pending =
                fields[1].isEmpty() ? Optional.empty() : Optional.of(new Pending(decodeAll(fields[2]), fields[1]));
        return new SourceMark(decodeAll(fields[0]), pending);
    }

    private static String encode(Set<Contribution> contributions) {
        List<String> each = new ArrayList<>();
        for (Contribution c : contributions) {
            GroupKey g = c.group();
            each.add(g.recipientId() + "." + g.window().getEpochSecond() + "."
                    + g.kind().code() + "." + g.targetId() + "." + c.actorId() + "." + c.at().toEpochMilli());
        }
        return String.join(",", each);
    }

    private static Set<Contribution> decodeAll(String encoded) {
        Set<Contribution> all = new LinkedHashSet<>();
        if (encoded.isEmpty()) {
            return all;
        }
        for (String one : encoded.split(",")) {
            String[] f = one.split("\\.");
            NotificationKind kind = NotificationKind.ofCode(Integer.parseInt(f[2]))
                    .orElseThrow(() -> new IllegalArgumentException("unknown notification kind in " + one));
            all.add(new Contribution(
                    new GroupKey(
                            Long.parseLong(f[0]),
                            Instant.ofEpochSecond(Long.parseLong(f[1])),
                            kind,
                            Long.parseLong(f[3])),
                    Long.parseLong(f[4]),
                    Instant.ofEpochMilli(Long.parseLong(f[5]))));
        }
        return all;
    }
}
