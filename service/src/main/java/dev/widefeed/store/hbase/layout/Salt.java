package dev.widefeed.store.hbase.layout;

/**
 * The first row-key byte of a user-owned row: spreads consecutive ids (Snowflake ids of one worker
 * are close together) over the table's pre-split regions. The multiplier is the 64-bit golden-ratio
 * constant, which mixes the low-entropy low bits of close ids into the hash's high bits.
 */
public record Salt(int buckets) {
    public Salt {
        if (buckets < 1 || buckets > 256) {
            throw new IllegalArgumentException("salt buckets must be 1..256, was " + buckets);
        }
    }

    public static Salt of(TableDefinition table) {
        return new Salt(table.saltBuckets());
    }

    public byte of(long id) {
        return (byte) Math.floorMod(Long.hashCode(id * 0x9E3779B97F4A7C15L), buckets);
    }
}
