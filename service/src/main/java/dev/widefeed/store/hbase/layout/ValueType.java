package dev.widefeed.store.hbase.layout;

import java.util.Arrays;

/**
 * How one cell's value is stored, as {@code hbase-tables/} declares it under {@code columns:}, and the Java class it
 * decodes to. Numbers are big-endian, as {@code Bytes.toBytes} writes them.
 */
public enum ValueType {
    LONG("long", Long.class, 8),
    INT("int", Integer.class, 4),
    /** One unsigned byte: a code (a state, a vote, a kind). */
    BYTE("byte", Integer.class, 1),
    /** One byte, 0 false and anything else true ({@code Bytes.toBytes(true)} writes 0xFF, some cells write 1). */
    BOOLEAN("boolean", Boolean.class, 1),
    DOUBLE("double", Double.class, 8),
    STRING("string", String.class, -1),
    /** UTF-8 text holding one JSON document. */
    JSON("json", String.class, -1),
    /** Bytes the table's description lays out (a session's fields, for one). */
    BYTES("bytes", byte[].class, -1),
    /** An 8-byte long changed only by Increment. */
    COUNTER("counter", Long.class, 8),
    /** No bytes at all: the cell's presence is what it says. Decodes to null. */
    EMPTY("empty", Void.class, 0),
    /** 8 bytes, or none for "not set" (a cell overwritten empty rather than deleted). Decodes to a Long or null. */
    LONG_OR_EMPTY("long_or_empty", Long.class, -1);

    private final String yamlName;
    private final Class<?> javaType;
    private final int width;

    ValueType(String yamlName, Class<?> javaType, int width) {
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

    public static ValueType named(String name) {
        return Arrays.stream(values())
                .filter(t -> t.yamlName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown value type " + name + "; known: "
                        + Arrays.stream(values()).map(ValueType::yamlName).toList()));
    }
}
