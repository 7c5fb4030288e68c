package dev.widefeed.store.hbase.rows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Mark;
import dev.widefeed.store.hbase.layout.Salt;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The escaping that keeps each list one row-key prefix, without a store. */
class MarkKeysTest {
    private static final long OWNER = 7_000_000_001L;
    private static final long MEMBER = 42L;
    private final MarkKeys keys = new MarkKeys(new Salt(8), new Salt(8));

    private static boolean startsWith(byte[] row, byte[] prefix) {
        return Bytes.startsWith(row, prefix);
    }

    @Test
    void aTagsPrefixTakesInNoOtherTagThatStartsLikeIt() {
        byte[] fam = keys.listPrefix(OWNER, Mark.tag("fam"));
        assertThat(startsWith(keys.listRow(OWNER, Mark.tag("fam"), MEMBER), fam))
                .isTrue();
        for (String longer : List.of("family", "fam!", "fam\u0000", "fam\u0000\u0000x", "famé")) {
            assertThat(startsWith(keys.listRow(OWNER, Mark.tag(longer), MEMBER), fam))
                    .as(longer)
                    .isFalse();
        }
        assertThat(startsWith(keys.listRow(OWNER, Mark.tag("fam"), MEMBER), keys.listPrefix(OWNER, Mark.tag("fa"))))
                .isFalse();
        assertThat(startsWith(keys.listRow(OWNER, Mark.BLOCKED, MEMBER), keys.tagsPrefix(OWNER)))
                .isFalse();
        assertThat(startsWith(keys.listRow(OWNER, Mark.tag("x"), MEMBER), keys.tagsPrefix(OWNER)))
                .isTrue();
    }

    @Test
    void rowsSortByNameThenMemberAndNamesComeBack() {
        List<String> names = List.of(
                "\u0000",
                "\u0000\u0000",
                "\u0000a",
                "a",
                "fam",
                "fam\u0000",
                "fam\u0000x",
                "fam\u0001",
                "fam!",
                "family",
                "famé",
                "名前");
        for (int i = 0; i < names.size(); i++) {
            byte[] row = keys.listRow(OWNER, Mark.tag(names.get(i)), MEMBER);
            assertThat(MarkKeys.nameOf(row)).isEqualTo(names.get(i));
            assertThat(MarkKeys.memberOf(row)).isEqualTo(MEMBER);
            assertThat(Bytes.compareTo(row, keys.listRow(OWNER, Mark.tag(names.get(i)), MEMBER + 1)))
                    .isNegative();
            if (i > 0) {
                byte[] previous = keys.listRow(OWNER, Mark.tag(names.get(i - 1)), Long.MAX_VALUE);
                assertThat(Bytes.compareTo(previous, row))
                        .as(names.get(i - 1) + " < " + names.get(i))
                        .isNegative();
                // past the previous list, and not past this one
                byte[] past = MarkKeys.pastListOf(previous);
                assertThat(Bytes.compareTo(previous, past)).isNegative();
                assertThat(Bytes.compareTo(past, keys.listRow(OWNER, Mark.tag(names.get(i)), 0)))
                        .isNotPositive();
            }
        }
    }

    @Test
    void blockedAndHiddenHaveTheEmptyName() {
        assertThat(MarkKeys.nameOf(keys.listRow(OWNER, Mark.BLOCKED, MEMBER))).isEmpty();
        assertThat(Bytes.compareTo(
                        keys.listRow(OWNER, Mark.BLOCKED, Long.MAX_VALUE), keys.listRow(OWNER, Mark.HIDDEN, 0)))
                .isNegative();
    }

    @Test
    void qualifiersNameTheirMark() {
        for (Mark mark : List.of(Mark.BLOCKED, Mark.HIDDEN, Mark.tag("fam"), Mark.tag("名前 \u0000"))) {
            assertThat(MarkKeys.markOf(MarkKeys.qualifier(mark))).isEqualTo(mark);
        }
    }
}
