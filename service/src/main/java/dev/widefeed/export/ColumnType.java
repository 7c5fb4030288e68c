package dev.widefeed.export;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * A column's type as a table scan reports it and an export writes it, whichever store it came
 * from. Values travel as plain Java: {@code Long}, {@code Integer}, {@code Boolean}, {@code String},
 * {@code Double}, {@code java.time.Instant}, {@code byte[]}; a map as {@code java.util.Map}, a
 * list (or set) as {@code java.util.List}; an absent value as null.
 */
public sealed interface ColumnType permits ColumnType.Scalar, ColumnType.MapOf, ColumnType.ListOf {

    enum Kind {
        LONG,
        INT,
        BOOLEAN,
        STRING,
        DOUBLE,
        TIMESTAMP,
        BYTES
    }

    record Scalar(Kind kind) implements ColumnType {
        @JsonValue
        @Override
        public String toString() {
            return kind.name().toLowerCase(Locale.ROOT);
        }
    }

    record MapOf(Kind key, Kind value) implements ColumnType {
        @JsonValue
        @Override
        public String toString() {
            return "map<" + new Scalar(key) + ", " + new Scalar(value) + ">";
        }
    }

    record ListOf(Kind element) implements ColumnType {
        @JsonValue
        @Override
        public String toString() {
            return "list<" + new Scalar(element) + ">";
        }
    }

    /** Reads back what {@code toString()} wrote ("long", "map<string, long>", "list<int>"). */
    @JsonCreator
    static ColumnType parse(String text) {
        String t = text.trim();
        if (t.startsWith("map<") && t.endsWith(">")) {
            String[] kinds = t.substring(4, t.length() - 1).split(",");
            if (kinds.length == 2) {
                return new MapOf(kind(kinds[0]), kind(kinds[1]));
            }
        } else if (t.startsWith("list<") && t.endsWith(">")) {
            return new ListOf(kind(t.substring(5, t.length() - 1)));
        } else {
            return new Scalar(kind(t));
        }
        throw new IllegalArgumentException("not a column type: " + text);
    }

    private static Kind kind(String name) {
        return Kind.valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
