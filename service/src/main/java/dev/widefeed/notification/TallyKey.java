package dev.widefeed.notification;

/**
 * Where one tally of a group is kept: the minute of the window its sources' times fall in, and the tenure of the
 * target's event log shard that counted them (the tenure's start, epoch ms). A group's count adds, per minute, the
 * tally of the latest tenure: a holder whose lease lapsed cannot outvote the next, which counts that minute again
 * from the truth before it writes it (docs/design.md, "Notifications").
 */
public record TallyKey(int minute, long tenure) {
    public TallyKey {
        if (minute < 0 || tenure < 0) {
            throw new IllegalArgumentException("bad tally key " + minute + "/" + tenure);
        }
    }

    /** As the key of a Cassandra map cell: {@code minute/tenure}. */
    public String encode() {
        return minute + "/" + tenure;
    }

    public static TallyKey decode(String encoded) {
        int slash = encoded.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not a tally key: " + encoded);
        }
        return new TallyKey(
                Integer.parseInt(encoded.substring(0, slash)), Long.parseLong(encoded.substring(slash + 1)));
    }
}
