package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.store.cassandra.setup.CqlSchema;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.TableDefinition;
import dev.widefeed.store.hbase.layout.TableDefinition.ColumnDeclaration;
import dev.widefeed.store.hbase.layout.TableDefinition.KeyDeclaration;
import dev.widefeed.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/tables.md} describes exactly the tables the schema files define (docs/tables.md, "How to read this
 * page"): a section per Cassandra table of {@code schema-cql/} and per HBase table of {@code hbase-tables/}, each
 * listing every column with its type and key role, or every row key part and declared cell, and saying what the
 * table holds, whether it is truth or copy, how it changes, whether it is live and how to scan it. No store.
 */
class TableReferenceTest {
    private static final Map<String, CqlTables.Table> CASSANDRA = CqlTables.of(CqlSchema.files());
    private static final Map<String, TableDefinition> HBASE = HBaseTables.load().tables();
    private static final String MARKDOWN = read(RepositoryRoot.find().resolve("docs/tables.md"));

    @Test
    void theReferenceDescribesEveryTableExactlyAsTheSchemaFilesDefineIt() {
        TableReference reference = TableReference.parse(MARKDOWN);
        assertThat(reference.differences(CASSANDRA, HBASE)).isEmpty();
        assertThat(reference.sections()).hasSize(CASSANDRA.size() + HBASE.size());
    }

    @Test
    void theSchemaIsReadAsItsStatementsLeaveIt() {
        assertThat(CASSANDRA).hasSize(64).doesNotContainKey("comment_votes"); // dropped by V023
        CqlTables.Table likes = CASSANDRA.get("likes_by_post");
        assertThat(likes.key().stream().map(c -> c.name() + " " + c.role().text))
                .containsExactly("post_id partition", "shard partition", "user_id clustering asc");
        CqlTables.Table home = CASSANDRA.get("home_timeline_by_user");
        assertThat(home.columns().get("pulled_authors").type()).isEqualTo("map<bigint, bigint>");
        assertThat(home.columns().get("pulled_authors").role()).isEqualTo(CqlTables.Role.STATIC); // V010's ALTER
        assertThat(home.columns().get("post_id").role()).isEqualTo(CqlTables.Role.CLUSTERING_DESC);
        assertThat(CASSANDRA.get("credentials_by_user").key().stream().map(CqlTables.ColumnDef::name))
                .containsExactly("user_id", "session_id");
        assertThat(CASSANDRA.get("comment_subjects").key().stream().map(c -> c.role().text))
                .containsExactly("partition", "partition");
    }

    @Test
    void aColumnTheSchemaGainsButTheReferenceLacksIsReported() {
        Map<String, CqlTables.Table> schema =
                CqlTables.of(withFile("ALTER TABLE likes_by_post ADD IF NOT EXISTS liked_from text;"));
        assertThat(TableReference.parse(MARKDOWN).differences(schema, HBASE))
                .containsExactly(
                        "cassandra: likes_by_post: column liked_from (text) is in the schema but not in the reference");
    }

    @Test
    void aNewTableADroppedOneAndAColumnOfAnotherTypeOrKeyAreReported() {
        Map<String, CqlTables.Table> schema = CqlTables.of(withFile("""
                CREATE TABLE IF NOT EXISTS shares_by_post (
                    post_id bigint,
                    user_id bigint,
                    PRIMARY KEY ((post_id), user_id)
                );
                DROP TABLE IF EXISTS groups_by_owner;
                """));
        String retyped = MARKDOWN.replace(
                        "| `liked_at` | `timestamp` | clustering desc |", "| `liked_at` | `bigint` | clustering desc |")
                .replace(
                        "| `version` | `bigint` | | the like's version",
                        "| `version` | `bigint` | clustering asc | the like's version");
        assertThat(retyped).isNotEqualTo(MARKDOWN);
        assertThat(TableReference.parse(retyped).differences(schema, HBASE))
                .contains(
                        "cassandra: shares_by_post is in schema-cql/ but has no section",
                        "cassandra: groups_by_owner has a section but no such table exists",
                        "cassandra: likers_by_post: column liked_at is timestamp in the schema, bigint in the reference",
                        "cassandra: likes_by_post: column version is '' in the schema's key, 'clustering asc' in the "
                                + "reference");
    }

    @Test
    void anHBaseCellOrKeyPartTheReferenceDoesNotListIsReported() {
        Map<String, TableDefinition> hbase = new LinkedHashMap<>(HBASE);
        TableDefinition likes = HBASE.get("likes_by_post");
        List<ColumnDeclaration> columns = new ArrayList<>(likes.columns());
        columns.add(new ColumnDeclaration("l", "liked_from", "string", null, null, null));
        List<KeyDeclaration> key = new ArrayList<>(likes.key());
        key.set(2, new KeyDeclaration("user_id", "reversed_long", null, null));
        hbase.put(
                "likes_by_post",
                new TableDefinition(
                        likes.name(),
                        likes.rowKey(),
                        likes.description(),
                        likes.families(),
                        likes.saltBuckets(),
                        key,
                        columns));
        assertThat(TableReference.parse(MARKDOWN).differences(CASSANDRA, hbase))
                .containsExactly(
                        "hbase: likes_by_post: the row key is [salt salt(post_id), post_id long, user_id reversed_long] in "
                                + "hbase-tables/, [salt salt(post_id), post_id long, user_id long] in the reference",
                        "hbase: likes_by_post: cell l:liked_from string as liked_from is declared in hbase-tables/ but not in "
                                + "the reference");
    }

    @Test
    void aSectionWithoutItsColumnsTableOrItsBulletsIsReported() {
        String broken = """
                ### cassandra: users_by_handle

                Some text, but no columns table.

                - **Holds:** who holds each handle.
                - **Status:** gone.
                """;
        assertThat(TableReference.parse(broken).differences(Map.of(), Map.of()))
                .contains(
                        "cassandra: users_by_handle has no columns table headed | column | type | key | meaning |",
                        "cassandra: users_by_handle lacks the bullet - **Scan:** ...",
                        "cassandra: users_by_handle: Status says neither live nor retired: gone.",
                        "cassandra: users_by_handle has a section but no such table exists");
    }

    /** The schema files with one more, last. */
    private static List<SchemaFile> withFile(String cql) {
        List<SchemaFile> files = new ArrayList<>(CqlSchema.files());
        files.add(new SchemaFile(999, "V999__test.cql", cql));
        return files;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
