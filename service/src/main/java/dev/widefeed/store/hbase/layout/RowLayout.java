package dev.widefeed.store.hbase.layout;

import dev.widefeed.store.hbase.layout.TableDefinition.ColumnDeclaration;
import dev.widefeed.store.hbase.layout.TableDefinition.Family;
import dev.widefeed.store.hbase.layout.TableDefinition.KeyDeclaration;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A table's row layout as its {@code hbase-tables/} file declares it ({@code key:} and {@code columns:}): decodes
 * row keys, qualifiers and values the way the adapters encode them, strictly, for readers of the data (exports, data
 * engineers' scans). Every method fails with an {@link IllegalArgumentException} on bytes that do not fit.
 */
public final class RowLayout {
    private final TableDefinition table;
    private final List<KeyPart> keyParts;
    private final List<Column> columns;
    private final Salt salt;
    /** Family, then exact qualifier: the fixed columns, found without a pass over the list for every cell. */
    private final Map<String, Map<ByteBuffer, Column>> fixed = new HashMap<>();
    /** Family: its dynamic columns, longest prefix first. */
    private final Map<String, List<Column>> dynamic = new HashMap<>();

    private RowLayout(TableDefinition table, List<KeyPart> keyParts, List<Column> columns) {
        this.table = table;
        this.keyParts = List.copyOf(keyParts);
        this.columns = List.copyOf(columns);
        this.salt = Salt.of(table);
        for (Column column : columns) {
            if (column.dynamic()) {
                dynamic.computeIfAbsent(column.family(), f -> new ArrayList<>()).add(column);
            } else {
                fixed.computeIfAbsent(column.family(), f -> new HashMap<>())
                        .put(ByteBuffer.wrap(utf8(column.qualifier())), column);
            }
        }
        dynamic.values()
                .forEach(list -> list.sort(Comparator.comparingInt(
                                (Column c) -> c.qualifierPrefix().length())
                        .reversed()));
    }

    /** The declared layout of {@code table}; fails clearly when it declares none, or one that cannot be decoded. */
    public static RowLayout of(TableDefinition table) {
        String what = "hbase table " + table.name();
        if (table.key() == null || table.key().isEmpty()) {
            throw new IllegalArgumentException(what + " declares no key: (its row key's parts)");
        }
        if (table.columns() == null || table.columns().isEmpty()) {
            throw new IllegalArgumentException(what + " declares no columns: (the cells its rows hold)");
        }
        List<KeyPart> parts = parts(what + " key", table.key());
        for (KeyPart part : parts) {
            if (part.of() != null && parts.stream().noneMatch(p -> p.name().equals(part.of()))) {
                throw new IllegalArgumentException(
                        what + ": salt " + part.name() + " is of " + part.of() + ", which is no part of the key");
            }
        }
        List<Column> columns = new ArrayList<>();
        Set<String> families =
                new HashSet<>(table.families().stream().map(Family::name).toList());
        for (ColumnDeclaration declared : table.columns()) {
            columns.add(column(what, declared, families));
        }
        unique(
                what + " column",
                columns.stream().map(c -> c.family() + ":" + c.qualifier()).toList());
        unique(what + " column name", columns.stream().map(Column::name).toList());
        return new RowLayout(table, parts, columns);
    }

    public String tableName() {
        return table.name();
    }

    public List<KeyPart> keyParts() {
        return keyParts;
    }

    public List<Column> columns() {
        return columns;
    }

    /**
     * Key part name to value (Integer, Long or String, as {@link KeyType#javaType()}), for the parts the row has
     * (a row may end before its optional parts). Salts are checked: below the table's salt buckets, and equal to the
     * salt of the part they are declared {@code of}.
     *
     * @throws IllegalArgumentException when the bytes do not fit the layout
     */
    public LinkedHashMap<String, Object> decodeKey(byte[] row) {
        LinkedHashMap<String, Object> values;
        try {
            values = KeyBytes.decode(keyParts, row);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    table.name() + ": row key " + hex(row) + " does not fit the layout: " + e.getMessage(), e);
        }
        for (KeyPart part : keyParts) {
            if (part.type() == KeyType.SALT && values.containsKey(part.name())) {
                checkSalt(part, (Integer) values.get(part.name()), values, row);
            }
        }
        return values;
    }

    /** The declared column a cell belongs to: its exact qualifier, else the dynamic column whose prefix it has. */
    public Optional<Column> column(byte[] family, byte[] qualifier) {
        String familyName = new String(family, StandardCharsets.UTF_8);
        Column exact = fixed.getOrDefault(familyName, Map.of()).get(ByteBuffer.wrap(qualifier));
        if (exact != null) {
            return Optional.of(exact);
        }
        for (Column column : dynamic.getOrDefault(familyName, List.of())) {
            if (startsWith(qualifier, utf8(column.qualifierPrefix()))) {
                return Optional.of(column);
            }
        }
        return Optional.empty();
    }

    /**
     * The value as {@link ValueType#javaType()}: Long, Integer, Boolean, String, Double, byte[], or null for an
     * empty cell.
     *
     * @throws IllegalArgumentException when the bytes do not fit the column's type
     */
    public Object decodeValue(Column column, byte[] value) {
        ValueType type = column.type();
        String what = table.name() + " " + column.family() + ":" + column.qualifier();
        if (type == ValueType.LONG_OR_EMPTY) {
            if (value.length != 0 && value.length != Long.BYTES) {
                throw new IllegalArgumentException(what + " holds " + value.length + " bytes, not 8 or none");
            }
            return value.length == 0 ? null : ByteBuffer.wrap(value).getLong();
        }
        if (type.width() >= 0 && value.length != type.width()) {
            throw new IllegalArgumentException(
                    what + " holds " + value.length + " bytes, not the " + type.width() + " of a " + type.yamlName());
        }
        return switch (type) {
            case LONG, COUNTER -> ByteBuffer.wrap(value).getLong();
            case INT -> ByteBuffer.wrap(value).getInt();
            case BYTE -> value[0] & 0xff;
            case BOOLEAN -> value[0] != 0;
            case DOUBLE -> ByteBuffer.wrap(value).getDouble();
            case STRING, JSON -> KeyBytes.utf8(what, value, 0, value.length);
            case BYTES -> value.clone();
            case EMPTY -> null;
            case LONG_OR_EMPTY -> throw new IllegalStateException("handled above");
        };
    }

    /**
     * What a dynamic column's qualifier names, after its prefix: as {@link KeyType#javaType()}, or for a composite
     * qualifier a map of part name to value.
     *
     * @throws IllegalArgumentException when the column is not dynamic or the bytes do not fit
     */
    public Object decodeQualifier(Column dynamicColumn, byte[] qualifier) {
        String what = table.name() + " " + dynamicColumn.family() + ":" + dynamicColumn.qualifier();
        if (!dynamicColumn.dynamic()) {
            throw new IllegalArgumentException(what + " is not a dynamic column");
        }
        byte[] prefix = utf8(dynamicColumn.qualifierPrefix());
        if (!startsWith(qualifier, prefix)) {
            throw new IllegalArgumentException(what + ": qualifier " + hex(qualifier) + " lacks the prefix");
        }
        byte[] rest = Arrays.copyOfRange(qualifier, prefix.length, qualifier.length);
        List<KeyPart> parts = dynamicColumn.qualifierType() == KeyType.COMPOSITE
                ? dynamicColumn.qualifierParts()
                : List.of(new KeyPart(dynamicColumn.name(), dynamicColumn.qualifierType()));
        LinkedHashMap<String, Object> values;
        try {
            values = KeyBytes.decode(parts, rest);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    what + ": qualifier " + hex(qualifier) + " does not fit: " + e.getMessage(), e);
        }
        return dynamicColumn.qualifierType() == KeyType.COMPOSITE ? values : values.get(dynamicColumn.name());
    }

    private void checkSalt(KeyPart part, int value, LinkedHashMap<String, Object> values, byte[] row) {
        if (value >= table.saltBuckets()) {
            throw new IllegalArgumentException(table.name() + ": row key " + hex(row) + " has salt " + value
                    + ", past the table's " + table.saltBuckets() + " salt buckets");
        }
        if (part.of() == null) {
            return;
        }
        Object source = values.get(part.of());
        long hashed = source instanceof String text ? text.hashCode() : ((Number) source).longValue();
        int expected = salt.of(hashed) & 0xff;
        if (value != expected) {
            throw new IllegalArgumentException(table.name() + ": row key " + hex(row) + " has salt " + value
                    + ", but the salt of " + part.of() + " " + source + " is " + expected);
        }
    }

    private static List<KeyPart> parts(String what, List<KeyDeclaration> declared) {
        List<KeyPart> parts = new ArrayList<>();
        for (KeyDeclaration d : declared) {
            if (d.name() == null || d.name().isBlank() || d.type() == null) {
                throw new IllegalArgumentException(what + ": every part needs a name and a type, not " + d);
            }
            parts.add(new KeyPart(d.name(), KeyType.named(d.type()), Boolean.TRUE.equals(d.optional()), d.of()));
        }
        KeyBytes.check(what, parts);
        unique(what + " part", parts.stream().map(KeyPart::name).toList());
        return parts;
    }

    private static Column column(String what, ColumnDeclaration d, Set<String> families) {
        if (d.family() == null || d.qualifier() == null || d.type() == null) {
            throw new IllegalArgumentException(
                    what + ": every column needs a family, a qualifier and a type, not " + d);
        }
        if (!families.contains(d.family())) {
            throw new IllegalArgumentException(
                    what + ": column " + d.family() + ":" + d.qualifier() + " is in no declared family");
        }
        String cell = what + " column " + d.family() + ":" + d.qualifier();
        ValueType type = ValueType.named(d.type());
        int star = d.qualifier().indexOf('*');
        boolean dynamic = star >= 0;
        if (dynamic && star != d.qualifier().length() - 1) {
            throw new IllegalArgumentException(cell + ": a dynamic qualifier ends in its one *");
        }
        if (!dynamic) {
            if (d.qualifierType() != null || d.qualifierParts() != null) {
                throw new IllegalArgumentException(
                        cell + ": only a dynamic qualifier (ending in *) has a " + "qualifierType");
            }
            String name = d.name() != null ? d.name() : d.qualifier();
            if (name.isEmpty()) {
                throw new IllegalArgumentException(cell + ": the empty qualifier needs a name");
            }
            return new Column(d.family(), d.qualifier(), type, false, null, name);
        }
        if (d.qualifierType() == null || d.name() == null || d.name().isBlank()) {
            throw new IllegalArgumentException(cell + ": a dynamic column needs a qualifierType and a name");
        }
        KeyType qualifierType = KeyType.named(d.qualifierType());
        List<KeyPart> parts = List.of();
        if (qualifierType == KeyType.COMPOSITE) {
            if (d.qualifierParts() == null || d.qualifierParts().isEmpty()) {
                throw new IllegalArgumentException(cell + ": a composite qualifier declares its qualifierParts");
            }
            parts = parts(cell + " qualifier", d.qualifierParts());
        } else if (d.qualifierParts() != null) {
            throw new IllegalArgumentException(cell + ": qualifierParts need qualifierType composite");
        } else {
            KeyBytes.check(cell, List.of(new KeyPart(d.name(), qualifierType)));
        }
        return new Column(d.family(), d.qualifier(), type, true, qualifierType, d.name(), parts);
    }

    private static void unique(String what, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw new IllegalArgumentException(what + " " + name + " is declared twice");
            }
        }
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String hex(byte[] bytes) {
        StringBuilder hex = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }
}
