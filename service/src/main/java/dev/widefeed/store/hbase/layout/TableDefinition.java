package dev.widefeed.store.hbase.layout;

import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * One table as an {@code hbase-tables/V*.yml} file declares it. {@code rowKey} and
 * {@code description} only document the table; {@code key} and {@code columns} declare its row layout for readers
 * of the data ({@link RowLayout}); the rest is what the schema applier enforces.
 * Rows are salted by a first byte in [0, saltBuckets), and the table is pre-split there.
 *
 * @param key     the row key's parts in order (null: not declared)
 * @param columns every family:qualifier the adapters write (null: not declared)
 */
public record TableDefinition(
        String name,
        String rowKey,
        String description,
        List<Family> families,
        int saltBuckets,
        List<KeyDeclaration> key,
        List<ColumnDeclaration> columns) {

    /** {@code ttlSeconds} null: cells never expire. */
    public record Family(
            String name,
            int maxVersions,
            Compression.Algorithm compression,
            BloomType bloomFilter,
            Integer ttlSeconds) {
        public Family {
            require(name != null && !name.isEmpty(), "a family needs a name");
            require(maxVersions >= 1, "family " + name + ": maxVersions must be at least 1");
            require(compression != null, "family " + name + ": compression is required");
            require(bloomFilter != null, "family " + name + ": bloomFilter is required");
            require(ttlSeconds == null || ttlSeconds > 0, "family " + name + ": ttlSeconds must be positive");
        }
    }

    /**
     * One part of a row key as declared: {@code type} one of {@link KeyType}'s names; {@code optional} true for
     * trailing parts some rows lack; {@code of}, on a salt, the part it is computed from.
     */
    public record KeyDeclaration(String name, String type, Boolean optional, String of) {}

    /**
     * One cell as declared: {@code qualifier} exact, or ending in {@code *} for a dynamic family of cells whose
     * qualifiers (after the prefix before the {@code *}) decode by {@code qualifierType} (or by
     * {@code qualifierParts}, for qualifierType {@code composite}) and form the map column {@code name}.
     */
    public record ColumnDeclaration(
            String family,
            String qualifier,
            String type,
            String qualifierType,
            String name,
            List<KeyDeclaration> qualifierParts) {}

    public TableDefinition {
        require(name != null && !name.isEmpty(), "a table needs a name");
        require(rowKey != null && !rowKey.isBlank(), "table " + name + ": document its rowKey");
        require(description != null && !description.isBlank(), "table " + name + ": describe it");
        require(families != null && !families.isEmpty(), "table " + name + ": declare at least one family");
        // The salt is one unsigned byte, and the split keys are the bytes 1..saltBuckets-1.
        require(saltBuckets >= 1 && saltBuckets <= 256, "table " + name + ": saltBuckets must be 1..256");
        families = List.copyOf(families);
        key = key == null ? null : List.copyOf(key);
        columns = columns == null ? null : List.copyOf(columns);
        require(
                families.stream().map(Family::name).distinct().count() == families.size(),
                "table " + name + ": family names repeat");
    }

    public Family family(String familyName) {
        return families.stream()
                .filter(f -> f.name().equals(familyName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("table " + name + " has no family " + familyName));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(Objects.requireNonNull(message));
        }
    }
}
