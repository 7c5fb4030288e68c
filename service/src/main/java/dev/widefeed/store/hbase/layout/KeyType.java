package dev.widefeed.store.hbase.layout;

import java.util.Arrays;
import java.util.Map;

/**
 * How one part of a row key (or of a dynamic qualifier) is stored, as {@code hbase-tables/} declares it under
 * {@code key:} and {@code qualifierType:}, and the Java class it decodes to. Longs and ints are big-endian; a
 * reversed part is stored so that a forward scan lists the highest first.
 */
public enum KeyType {
    /** One unsigned byte spreading rows over the pre-split regions, below the table's saltBuckets. */
    SALT("salt", Integer.class, 1),
    /** One unsigned byte: a code (a kind, a shard). */
    BYTE("byte", Integer.class, 1),
    /** One byte stored as 255 - x: codes highest first. */
    REVERSED_BYTE("reversed_byte", Integer.class, 1),
    INT("int", Integer.class, 4),
    LONG("long", Long.class, 8),
    /** Stored as Long.MAX_VALUE - x (equal to x ^ Long.MAX_VALUE for the non-negative ids and times stored). */
    REVERSED_LONG("reversed_long", Long.class, 8),
    /** UTF-8, the rest of the key: only a last part. */
    STRING("string", String.class, -1),
    /** UTF-8 followed by one 0x00 byte. */
    TERMINATED_STRING("terminated_string", String.class, -1),
    /** UTF-8 with every 0x00 written 0x00 0x01, then the terminator 0x00 0x00, so no name's prefix takes in another's. */
    ESCAPED_STRING("escaped_string", String.class, -1),
    /** A 2-byte length, then that many bytes of UTF-8. */
    SIZED_STRING("sized_string", String.class, -1),
    /** Only as a qualifierType: the qualifier is the column's qualifierParts, decoded to a map of part name to value. */
    COMPOSITE("composite", Map.class, -1);

    private final String yamlName;
    private final Class<?> javaType;
    private final int width;

    KeyType(String yamlName, Class<?> javaType, int width) {
        this.yamlName = yamlName;
        this.javaType = javaType;
        this.width = width;
    }

    /** The name the yml files use. */
    public String yamlName() {
        return yamlName;
    }

    public Class<?> javaType() {
        return javaType;
    }

    /** The bytes every value takes, or -1 when they vary. */
    public int width() {
        return width;
    }

    public static KeyType named(String name) {
        return Arrays.stream(values())
                .filter(t -> t.yamlName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown key type " + name + "; known: "
                        + Arrays.stream(values()).map(KeyType::yamlName).toList()));
    }
}
