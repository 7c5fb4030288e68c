package dev.widefeed.store.hbase;

import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;

import java.util.List;
import java.util.Objects;

/**
 * One table as an {@code hbase-tables/V*.yml} file declares it. {@code rowKey} and
 * {@code description} only document the table; the rest is what the schema applier enforces.
 * Rows are salted by a first byte in [0, saltBuckets), and the table is pre-split there.
 */
public record TableDefinition(String name, String rowKey, String description, List<Family> families,
                              int saltBuckets) {

    /** {@code ttlSeconds} null: cells never expire. */
    public record Family(String name, int maxVersions, Compression.Algorithm compression, BloomType bloomFilter,
                         Integer ttlSeconds) {
        public Family {
            require(name != null && !name.isEmpty(), "a family needs a name");
            require(maxVersions >= 1, "family " + name + ": maxVersions must be at least 1");
            require(compression != null, "family " + name + ": compression is required");
            require(bloomFilter != null, "family " + name + ": bloomFilter is required");
            require(ttlSeconds == null || ttlSeconds > 0, "family " + name + ": ttlSeconds must be positive");
        }
    }

    public TableDefinition {
        require(name != null && !name.isEmpty(), "a table needs a name");
        require(rowKey != null && !rowKey.isBlank(), "table " + name + ": document its rowKey");
        require(description != null && !description.isBlank(), "table " + name + ": describe it");
        require(families != null && !families.isEmpty(), "table " + name + ": declare at least one family");
        // The salt is one unsigned byte, and the split keys are the bytes 1..saltBuckets-1.
        require(saltBuckets >= 1 && saltBuckets <= 256, "table " + name + ": saltBuckets must be 1..256");
        families = List.copyOf(families);
        require(families.stream().map(Family::name).distinct().count() == families.size(),
                "table " + name + ": family names repeat");
    }

    public Family family(String familyName) {
        return families.stream().filter(f -> f.name().equals(familyName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("table " + name + " has no family " + familyName));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(Objects.requireNonNull(message));
        }
    }
}
