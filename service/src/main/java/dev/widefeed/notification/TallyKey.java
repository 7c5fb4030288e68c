package dev.widefeed.notification;

/**
 * Where one tally of a group is kept: the minute of the window its sources' times fall in, the event log shard whose
 * sources it counts, and the tenure of that shard that counted them (the tenure's start, epoch ms). A group's sources
 * may come from several shards (a post's comments, each in its own comment's shard): each shard's holder writes its
 * own tallies, and the group's count adds, per minute and shard, the tally of the latest tenure. A holder whose lease
 * lapsed cannot outvote the next, which counts that minute again from the truth before it writes it
 * (docs/design.md, "Notifications").
 */
public record TallyKey(int minute, int shard, long tenure) {
    public TallyKey {
        if (minute < 0 || shard < 0 || tenure < 0) {
            throw new IllegalArgumentException("bad tally key " + minute + "/" + shard + "/" + tenure);
        }
    }

    /** As the key of a Cassandra map cell: {@code minute/shard/tenure}. */
    public String encode() {
        return minute + "/" + shard + "/" + tenure;
    }

    public static TallyKey decode(String encoded) {
        String[] parts = encoded.split("/", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("not a tally key: " + encoded);
        }
        return new TallyKey(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]));
    }
}
