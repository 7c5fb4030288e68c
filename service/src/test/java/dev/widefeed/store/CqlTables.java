package dev.widefeed.store;

import dev.widefeed.store.SchemaFiles.SchemaFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Cassandra tables as {@code schema-cql/V*.cql} leaves them: every CREATE TABLE, ALTER TABLE ... ADD and DROP
 * TABLE applied in version order. Reads only the statements the files use, and refuses any other, so a new kind of
 * statement is noticed rather than skipped.
 */
final class CqlTables {
    private static final Pattern CREATE = Pattern.compile(
            "CREATE TABLE (?:IF NOT EXISTS )?(\\w+) \\((.*?)\\)(?: WITH (.*))?", Pattern.CASE_INSENSITIVE);
    private static final Pattern ADD = Pattern.compile(
            "ALTER TABLE (\\w+) ADD (?:IF NOT EXISTS )?(\\w+) (.+?)( static)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DROP = Pattern.compile("DROP TABLE (?:IF EXISTS )?(\\w+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern ORDER = Pattern.compile("CLUSTERING ORDER BY \\(([^)]*)\\)", Pattern.CASE_INSENSITIVE);

    /** A column's part in the primary key. */
    enum Role {
        PARTITION("partition"),
        CLUSTERING_ASC("clustering asc"),
        CLUSTERING_DESC("clustering desc"),
        STATIC("static"),
        REGULAR("");

        final String text;

        Role(String text) {
            this.text = text;
        }

        boolean inKey() {
            return this == PARTITION || this == CLUSTERING_ASC || this == CLUSTERING_DESC;
        }
    }

    record ColumnDef(String name, String type, Role role) {}

    /** One table: its columns in the order the primary key and then the files give them. */
    record Table(String name, Map<String, ColumnDef> columns) {
        List<ColumnDef> key() {
            return columns.values().stream().filter(c -> c.role().inKey()).toList();
        }
    }

    private CqlTables() {}

    static Map<String, Table> of(List<SchemaFile> files) {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (SchemaFile file : files) {
            for (String statement : statements(file.text())) {
                apply(file.name(), statement, tables);
            }
        }
        return tables;
    }

    private static void apply(String file, String statement, Map<String, Table> tables) {
        Matcher create = CREATE.matcher(statement);
        Matcher add = ADD.matcher(statement);
        Matcher drop = DROP.matcher(statement);
        if (create.matches()) {
            Table table = create(create.group(1), create.group(2), create.group(3));
            tables.putIfAbsent(table.name(), table);
        } else if (add.matches()) {
            Table table = tables.get(add.group(1));
            if (table == null) {
                throw new IllegalStateException(file + " alters " + add.group(1) + ", which does not exist");
            }
            table.columns()
                    .putIfAbsent(
                            add.group(2),
                            new ColumnDef(
                                    add.group(2),
                                    type(add.group(3)),
                                    add.group(4) != null ? Role.STATIC : Role.REGULAR));
        } else if (drop.matches()) {
            tables.remove(drop.group(1));
        } else {
            throw new IllegalStateException(file + ": a statement the table reference cannot read: " + statement);
        }
    }

    private static Table create(String name, String body, String with) {
        Map<String, ColumnDef> declared = new LinkedHashMap<>();
        List<String> partition = new ArrayList<>();
        List<String> clustering = new ArrayList<>();
        for (String element : split(body, ',')) {
            if (element.toUpperCase(Locale.ROOT).startsWith("PRIMARY KEY")) {
                primaryKey(element.substring("PRIMARY KEY".length()).strip(), partition, clustering);
                continue;
            }
            String[] words = element.split(" ", 2);
            String rest = words[1];
            boolean isStatic = rest.toLowerCase(Locale.ROOT).endsWith(" static");
            boolean isKey = rest.toUpperCase(Locale.ROOT).endsWith(" PRIMARY KEY");
            if (isStatic) {
                rest = rest.substring(0, rest.length() - " static".length());
            }
            if (isKey) {
                rest = rest.substring(0, rest.length() - " PRIMARY KEY".length());
                partition.add(words[0]);
            }
            declared.put(words[0], new ColumnDef(words[0], type(rest), isStatic ? Role.STATIC : Role.REGULAR));
        }
        Map<String, String> order = new LinkedHashMap<>();
        Matcher orderBy = with == null ? null : ORDER.matcher(with);
        if (orderBy != null && orderBy.find()) {
            for (String part : split(orderBy.group(1), ',')) {
                String[] words = part.split(" ");
                order.put(words[0], words[1].toUpperCase(Locale.ROOT));
            }
        }
        Map<String, ColumnDef> columns = new LinkedHashMap<>();
        for (String column : partition) {
            columns.put(column, new ColumnDef(column, declared.get(column).type(), Role.PARTITION));
        }
        for (String column : clustering) {
            Role role = "DESC".equals(order.get(column)) ? Role.CLUSTERING_DESC : Role.CLUSTERING_ASC;
            columns.put(column, new ColumnDef(column, declared.get(column).type(), role));
        }
        declared.forEach(columns::putIfAbsent);
        return new Table(name, columns);
    }

    /** {@code ((a, b), c, d)}, {@code (a, c)} or {@code ((a, b))}. */
    private static void primaryKey(String key, List<String> partition, List<String> clustering) {
        List<String> parts = split(key.substring(1, key.length() - 1), ',');
        String first = parts.get(0);
        if (first.startsWith("(")) {
            split(first.substring(1, first.length() - 1), ',').forEach(partition::add);
        } else {
            partition.add(first);
        }
        clustering.addAll(parts.subList(1, parts.size()));
    }

    /** A type as the reference writes it: lower case, one space after each comma. */
    static String type(String type) {
        return type.replaceAll("\\s+", "").toLowerCase(Locale.ROOT).replace(",", ", ");
    }

    /** Splits at {@code separator}s outside parentheses and angle brackets; parts stripped. */
    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        StringBuilder part = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '(' || c == '<') {
                depth++;
            } else if (c == ')' || c == '>') {
                depth--;
            }
            if (c == separator && depth == 0) {
                parts.add(part.toString().strip());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        if (!part.toString().isBlank()) {
            parts.add(part.toString().strip());
        }
        return parts;
    }

    /** A file's statements: comments removed, whitespace collapsed, split at semicolons that end a line. */
    private static List<String> statements(String text) {
        StringBuilder code = new StringBuilder();
        text.lines().forEach(line -> code.append(line.replaceFirst("--.*$", "")).append('\n'));
        List<String> statements = new ArrayList<>();
        for (String statement : code.toString().split(";\\s*(\\n|$)")) {
            if (!statement.isBlank()) {
                statements.add(statement.replaceAll("\\s+", " ").strip());
            }
        }
        return statements;
    }
}
