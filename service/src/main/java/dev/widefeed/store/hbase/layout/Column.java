package dev.widefeed.store.hbase.layout;

import java.util.List;

/**
 * One declared cell of a table: a fixed {@code family:qualifier}, or a dynamic family of cells (qualifier
 * {@code prefix*}) whose qualifiers decode by {@code qualifierType} into the keys of the map column {@code name}.
 *
 * @param qualifier      the qualifier, or for a dynamic column its prefix followed by {@code *}
 * @param qualifierType  null for a fixed column
 * @param name           the column's name for readers: the qualifier unless declared otherwise, the map's for a
 *                       dynamic column
 * @param qualifierParts the parts of a {@link KeyType#COMPOSITE} qualifier, else empty
 */
public record Column(
        String family,
        String qualifier,
        ValueType type,
        boolean dynamic,
        KeyType qualifierType,
        String name,
        List<KeyPart> qualifierParts) {
    public Column {
        qualifierParts = List.copyOf(qualifierParts);
    }

    public Column(
            String family, String qualifier, ValueType type, boolean dynamic, KeyType qualifierType, String name) {
        this(family, qualifier, type, dynamic, qualifierType, name, List.of());
    }

    /** A dynamic column's qualifier prefix (often empty); a fixed column's whole qualifier. */
    public String qualifierPrefix() {
        return dynamic ? qualifier.substring(0, qualifier.length() - 1) : qualifier;
    }
}
