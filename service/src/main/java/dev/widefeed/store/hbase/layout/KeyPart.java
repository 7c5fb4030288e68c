package dev.widefeed.store.hbase.layout;

/**
 * One part of a row key (or of a composite qualifier).
 *
 * @param optional true for a trailing part some rows end before (a home timeline's state row is its user's prefix)
 * @param of       for a salt, the part it is computed from (null: from something the key does not hold)
 */
public record KeyPart(String name, KeyType type, boolean optional, String of) {
    public KeyPart(String name, KeyType type) {
        this(name, type, false, null);
    }
}
