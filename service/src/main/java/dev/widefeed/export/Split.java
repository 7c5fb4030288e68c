package dev.widefeed.export;

/**
 * A part of a table that can be scanned on its own: a token range (Cassandra) or a region
 * (HBase). {@code id} names it in file names; {@code range} is the store's own description of it,
 * kept in the export's plan so a resumed export scans the same parts even if the cluster has
 * changed its layout since.
 */
public record Split(String id, String range) {}
