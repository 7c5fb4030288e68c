package dev.widefeed.store.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.audience.Mark;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.store.hbase.layout.Column;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.HBaseTables.TablesFile;
import dev.widefeed.store.hbase.layout.KeyType;
import dev.widefeed.store.hbase.layout.RowLayout;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.layout.TableDefinition;
import dev.widefeed.store.hbase.layout.ValueType;
import dev.widefeed.store.hbase.rows.FollowList;
import dev.widefeed.store.hbase.rows.IdList;
import dev.widefeed.store.hbase.rows.MarkKeys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Row layouts decode what the adapters encode: keys built with the adapters' own builders where they can be reached
 * without a store ({@link FollowList}, {@link IdList}, {@link MarkKeys}), and by the adapters' recipes otherwise.
 */
class RowLayoutTest {
    private static final HBaseTables TABLES = HBaseTables.load();
    private static final long USER = 7_000_000_001L;
    private static final long OTHER = 7_000_000_042L;

    private static RowLayout layout(String table) {
        return RowLayout.of(TABLES.table(table));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Salt salt(String table) {
        return Salt.of(TABLES.table(table));
    }

    @Test
    void everyDefinitionInEveryFileDeclaresALayoutThatCanBeDecoded() {
        int definitions = 0;
        for (TablesFile file : TABLES.files()) {
            for (TableDefinition table : file.tables()) {
                RowLayout layout = RowLayout.of(table);
                assertThat(layout.keyParts())
                        .as(file.name() + " " + table.name())
                        .isNotEmpty();
                assertThat(layout.columns())
                        .as(file.name() + " " + table.name())
                        .isNotEmpty();
                layout.keyParts().forEach(p -> assertThat(p.type().javaType()).isNotNull());
                definitions++;
            }
        }
        assertThat(definitions).isEqualTo(69);
        assertThat(TABLES.tables()).hasSize(53);
    }

    @Test
    void aFollowersRowDecodesToItsOwnerTimeAndFollowerAndEachOfItsCells() {
        RowLayout layout = layout("followers_by_user");
        FollowList followers = new FollowList(null, salt("followers_by_user"));
        Instant since = Instant.ofEpochMilli(1_700_000_000_123L);
        FollowEdge edge = new FollowEdge(OTHER, USER, true, since, 42L);
        Put presence = followers.add(USER, since, OTHER, 42L);
        Put shared = followers.shareLastRead(edge, Instant.ofEpochMilli(1_700_000_100_000L), OptionalDouble.of(3.5));

        LinkedHashMap<String, Object> key = layout.decodeKey(presence.getRow());
        assertThat(key)
                .containsExactly(
                        Map.entry("salt", salt("followers_by_user").of(USER) & 0xff),
                        Map.entry("user_id", USER),
                        Map.entry("since", since.toEpochMilli()),
                        Map.entry("follower_id", OTHER));
        assertThat(key.values()).allSatisfy(v -> assertThat(v).isInstanceOfAny(Integer.class, Long.class));
        assertThat(layout.decodeKey(shared.getRow())).isEqualTo(key);

        Map<String, Object> cells = new LinkedHashMap<>();
        for (Put put : List.of(presence, shared)) {
            for (List<Cell> family : put.getFamilyCellMap().values()) {
                for (Cell cell : family) {
                    Column column = layout.column(CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell))
                            .orElseThrow();
                    cells.put(column.name(), layout.decodeValue(column, CellUtil.cloneValue(cell)));
                }
            }
        }
        assertThat(cells)
                .containsEntry("present", null)
                .containsEntry("last_read", 1_700_000_100_000L)
                .containsKey("activity");
    }

    @Test
    void aHomeTimelinesEntryRowHasItsPostAndItsStateRowIsTheUsersPrefixAlone() {
        RowLayout layout = layout("home_timeline_by_user");
        IdList inbox = new IdList(null, salt("home_timeline_by_user"));
        assertThat(layout.decodeKey(inbox.row(USER, 123_456L)))
                .containsEntry("user_id", USER)
                .containsEntry("post_id", 123_456L);
        assertThat(layout.decodeKey(inbox.prefix(USER))).containsOnlyKeys("salt", "user_id");

        Column pulled = layout.column(utf8("p"), Bytes.toBytes(OTHER)).orElseThrow();
        assertThat(pulled.dynamic()).isTrue();
        assertThat(pulled.name()).isEqualTo("pulled_authors");
        assertThat(layout.decodeQualifier(pulled, Bytes.toBytes(OTHER))).isEqualTo(OTHER);
        assertThat(layout.decodeValue(pulled, Bytes.toBytes(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
        Column reads = layout.column(utf8("s"), utf8("read_count")).orElseThrow();
        assertThat(layout.decodeValue(reads, Bytes.toBytes(2.25))).isEqualTo(2.25);
        assertThat(reads.type().javaType()).isEqualTo(Double.class);
    }

    @Test
    void anEscapedTagNameComesBackWholeAndTheMarksQualifierDecodesToItsParts() {
        MarkKeys keys = new MarkKeys(salt("marks_by_owner"), salt("marks_by_owner_and_member"));
        RowLayout lists = layout("marks_by_owner");
        for (String name : List.of("fam", "fam\u0000", "\u0000\u0000x", "名前")) {
            assertThat(lists.decodeKey(keys.listRow(USER, Mark.tag(name), OTHER)))
                    .containsEntry("owner_id", USER)
                    .containsEntry("kind", 2)
                    .containsEntry("name", name)
                    .containsEntry("member_id", OTHER);
        }
        assertThat(lists.decodeKey(keys.listRow(USER, Mark.BLOCKED, OTHER)))
                .containsEntry("kind", 0)
                .containsEntry("name", "");

        RowLayout members = layout("marks_by_owner_and_member");
        assertThat(members.decodeKey(keys.memberRow(USER, OTHER))).containsEntry("member_id", OTHER);
        byte[] qualifier = MarkKeys.qualifier(Mark.tag("friends"));
        Column marks = members.column(utf8("m"), qualifier).orElseThrow();
        assertThat(marks.qualifierType()).isEqualTo(KeyType.COMPOSITE);
        assertThat(members.decodeQualifier(marks, qualifier)).isEqualTo(Map.of("kind", 2, "name", "friends"));
        assertThat(members.decodeQualifier(marks, MarkKeys.qualifier(Mark.HIDDEN)))
                .isEqualTo(Map.of("kind", 1, "name", ""));
    }

    @Test
    void aListOfIdsDecodesNewestFirstIdsBack() {
        RowLayout layout = layout("posts_by_author");
        IdList posts = new IdList(null, salt("posts_by_author"));
        byte[] newer = posts.row(USER, 1_000L);
        byte[] older = posts.row(USER, 999L);
        assertThat(Bytes.compareTo(newer, older)).as("newest first").isNegative();
        assertThat(layout.decodeKey(newer)).containsEntry("author_id", USER).containsEntry("post_id", 1_000L);
        Column present = layout.column(utf8("f"), new byte[0]).orElseThrow();
        assertThat(layout.decodeValue(present, new byte[0])).isNull();
    }

    @Test
    void textsInKeysDecodeAsTheAdaptersLayThemOut() {
        // HBaseAccountStore.failureRow: salt(key's hash) | key | 0x00 | window start; the key may hold a 0x00 itself.
        String key = "handle:odd\u0000one";
        byte[] text = utf8(key);
        byte[] failures = ByteBuffer.allocate(1 + text.length + 1 + Long.BYTES)
                .put(salt("signin_failures_by_key").of(key.hashCode()))
                .put(text)
                .put((byte) 0)
                .putLong(1_700_000L)
                .array();
        assertThat(layout("signin_failures_by_key").decodeKey(failures))
                .containsEntry("key", key)
                .containsEntry("window_start", 1_700_000L);

        // HBaseIdempotencyStore.row: salt | scope | 0x00 | key (the rest).
        byte[] scope = utf8("user:" + USER);
        byte[] idempotency = ByteBuffer.allocate(1 + scope.length + 1 + 4)
                .put((byte) 3)
                .put(scope)
                .put((byte) 0)
                .put(utf8("k-1_"))
                .array();
        assertThat(layout("idempotency_keys_by_scope").decodeKey(idempotency))
                .containsEntry("scope", "user:" + USER)
                .containsEntry("key", "k-1_");

        // HBaseTextIndexStore.entryRow over topicOwner: salt(topic's hash) | length | topic | MAX - hour | MAX - post.
        String topic = "jävä";
        byte[] name = utf8(topic);
        byte[] topicRow = ByteBuffer.allocate(1 + 2 + name.length + 16)
                .put(salt("posts_by_topic").of(topic.hashCode()))
                .putShort((short) name.length)
                .put(name)
                .putLong(Long.MAX_VALUE - 1_699_999_200L)
                .putLong(Long.MAX_VALUE - 77L)
                .array();
        assertThat(layout("posts_by_topic").decodeKey(topicRow))
                .containsEntry("topic", topic)
                .containsEntry("bucket", 1_699_999_200L)
                .containsEntry("post_id", 77L);

        // HBaseNotificationStore.groupRow: salt | user | MAX - window | 255 - kind | MAX - target.
        byte[] group = ByteBuffer.allocate(1 + 8 + 8 + 1 + 8)
                .put(salt("notifications_by_user").of(USER))
                .putLong(USER)
                .putLong(Long.MAX_VALUE - 1_699_999_200L)
                .put((byte) (255 - 7))
                .putLong(Long.MAX_VALUE - OTHER)
                .array();
        assertThat(layout("notifications_by_user").decodeKey(group))
                .containsEntry("window_start", 1_699_999_200L)
                .containsEntry("kind", 7)
                .containsEntry("target_id", OTHER);

        // HBaseEventLogStore.append: shard | slot | subject | actor | kind (the rest).
        byte[] entry = ByteBuffer.allocate(4 + 24 + 14)
                .putInt(3)
                .putLong(28_000_000L)
                .putLong(USER)
                .putLong(OTHER)
                .put(utf8("fanout-deliver"))
                .array();
        assertThat(layout("event_log_by_slot").decodeKey(entry))
                .containsExactly(
                        Map.entry("shard", 3),
                        Map.entry("slot", 28_000_000L),
                        Map.entry("subject_id", USER),
                        Map.entry("actor_id", OTHER),
                        Map.entry("kind", "fanout-deliver"));
    }

    @Test
    void aPostsMentionsAreItsDynamicQualifiersAndItsCountersItsFixedOnes() {
        RowLayout layout = layout("posts");
        Column mention = layout.column(utf8("p"), utf8("@ada")).orElseThrow();
        assertThat(mention.name()).isEqualTo("mentions");
        assertThat(layout.decodeQualifier(mention, utf8("@ada"))).isEqualTo("ada");
        assertThat(layout.column(utf8("p"), utf8("author_id")).orElseThrow().dynamic())
                .isFalse();
        Column likes = layout.column(utf8("c"), utf8("likes")).orElseThrow();
        assertThat(likes.type()).isEqualTo(ValueType.COUNTER);
        assertThat(layout.decodeValue(likes, Bytes.toBytes(12L))).isEqualTo(12L);
        assertThat(layout.decodeValue(
                        layout.column(utf8("p"), utf8("repost_page")).orElseThrow(), Bytes.toBytes(3)))
                .isEqualTo(3);
        assertThat(layout.column(utf8("p"), utf8("nonsense"))).isEmpty();
        assertThat(layout.column(utf8("x"), utf8("author_id"))).isEmpty();
    }

    @Test
    void valuesDecodeToTheirJavaClassesAndRefuseTheWrongLength() {
        RowLayout likes = layout("likes_by_post");
        Column liked = likes.column(utf8("l"), utf8("liked")).orElseThrow();
        assertThat(likes.decodeValue(liked, Bytes.toBytes(true))).isEqualTo(true);
        assertThat(likes.decodeValue(liked, new byte[] {1})).isEqualTo(true);
        assertThat(likes.decodeValue(liked, new byte[] {0})).isEqualTo(false);
        assertThatThrownBy(() -> likes.decodeValue(liked, new byte[2]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("l:liked");
        Column version = likes.column(utf8("l"), utf8("version")).orElseThrow();
        assertThatThrownBy(() -> likes.decodeValue(version, Bytes.toBytes(3)))
                .isInstanceOf(IllegalArgumentException.class);

        RowLayout delivery = layout("author_delivery_by_user");
        Column cursor = delivery.column(utf8("d"), utf8("cursor_user")).orElseThrow();
        assertThat(delivery.decodeValue(cursor, new byte[0])).isNull();
        assertThat(delivery.decodeValue(cursor, Bytes.toBytes(OTHER))).isEqualTo(OTHER);

        RowLayout credentials = layout("credentials_by_user");
        Column sessions = credentials.column(utf8("s"), Bytes.toBytes(99L)).orElseThrow();
        assertThat(credentials.decodeQualifier(sessions, Bytes.toBytes(99L))).isEqualTo(99L);
        assertThat(credentials.decodeValue(sessions, new byte[37])).isInstanceOf(byte[].class);
        assertThatThrownBy(() -> credentials.decodeQualifier(sessions, Bytes.toBytes(99)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sessions");
        Column hash = credentials.column(utf8("p"), utf8("password_hash")).orElseThrow();
        assertThatThrownBy(() -> credentials.decodeValue(hash, new byte[] {(byte) 0xc3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UTF-8");
        assertThatThrownBy(() -> credentials.decodeQualifier(hash, utf8("password_hash")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a dynamic column");
    }

    @Test
    void keysThatDoNotFitAreRefused() {
        RowLayout users = layout("users");
        byte[] row =
                ByteBuffer.allocate(9).put(salt("users").of(USER)).putLong(USER).array();
        assertThat(users.decodeKey(row)).containsEntry("user_id", USER);

        byte[] wrongSalt = row.clone();
        wrongSalt[0] = (byte) ((wrongSalt[0] + 1) % 8);
        assertThatThrownBy(() -> users.decodeKey(wrongSalt))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("salt of user_id");
        byte[] pastBuckets = row.clone();
        pastBuckets[0] = 9;
        assertThatThrownBy(() -> users.decodeKey(pastBuckets)).hasMessageContaining("past the table's 8 salt buckets");
        assertThatThrownBy(() -> users.decodeKey(Bytes.add(row, new byte[] {1})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("left over");
        assertThatThrownBy(() -> users.decodeKey(new byte[] {row[0], 1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 8 bytes");
        byte[] unterminated = ByteBuffer.allocate(1 + 8 + 1 + 3)
                .put(salt("marks_by_owner").of(USER))
                .putLong(USER)
                .put((byte) 2)
                .put(utf8("fam"))
                .array();
        assertThatThrownBy(() -> layout("marks_by_owner").decodeKey(unterminated))
                .hasMessageContaining("terminator");
        byte[] notUtf8 = ByteBuffer.allocate(2)
                .put(salt("users_by_handle").of(0))
                .put((byte) 0xff)
                .array();
        assertThatThrownBy(() -> layout("users_by_handle").decodeKey(notUtf8)).hasMessageContaining("UTF-8");
    }

    @Test
    void aTableWithoutALayoutOrWithABrokenOneFailsClearly() {
        TableDefinition bare = new TableDefinition(
                "bare",
                "k",
                "d",
                List.of(new TableDefinition.Family("f", 1, Compression.Algorithm.NONE, BloomType.NONE, null)),
                4,
                null,
                null);
        assertThatThrownBy(() -> RowLayout.of(bare))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hbase table bare declares no key");

        assertThatThrownBy(() -> layoutOf("""
                key: [{ name: id, type: string }, { name: n, type: long }]
                columns: [{ family: f, qualifier: a, type: long }]
                """)).hasMessageContaining("must be the last part");
        assertThatThrownBy(() -> layoutOf("""
                key: [{ name: id, type: long }]
                columns: [{ family: g, qualifier: a, type: long }]
                """)).hasMessageContaining("in no declared family");
        assertThatThrownBy(() -> layoutOf("""
                key: [{ name: id, type: long }]
                columns: [{ family: f, qualifier: "*", type: long }]
                """)).hasMessageContaining("needs a qualifierType and a name");
        assertThatThrownBy(() -> layoutOf("""
                key: [{ name: id, type: longish }]
                columns: [{ family: f, qualifier: a, type: long }]
                """)).hasMessageContaining("unknown key type longish");
        assertThatThrownBy(() -> layoutOf("""
                key: [{ name: id, type: long, size: 8 }]
                columns: [{ family: f, qualifier: a, type: long }]
                """)).hasMessageContaining("size");
    }

    /** A one-table file with the given layout lines, loaded as the schema loader loads every file. */
    private static RowLayout layoutOf(String layout) {
        String file = """
                version: 1
                tables:
                  - name: t
                    rowKey: "k"
                    description: "d"
                    saltBuckets: 1
                    families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW }]
                """ + layout.indent(4);
        return RowLayout.of(
                HBaseTables.of(List.of(new SchemaFile(1, "V001__t.yml", file))).table("t"));
    }
}
