package dev.widefeed.store.hbase.rows;

import dev.widefeed.audience.Mark;
import dev.widefeed.store.hbase.layout.Salt;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The row keys and qualifiers of the two mark tables ({@code hbase-tables/V008}). A list row is
 * salt(owner) | owner | kind | escaped(name) | member, where escaped(name) is the name's UTF-8 bytes
 * with every 0x00 written as 0x00 0x01, then the terminator 0x00 0x00: the terminator sorts below
 * any further byte of a longer name, so one list's rows are exactly one prefix (the rows of "fam"
 * never take in those of "family" or of "fam\0x"), and lists sort by name as Cassandra's text does
 * (UTF-8 byte order). Member ids are non-negative, so big-endian bytes sort them ascending.
 */
public final class MarkKeys {
    private static final int OWNER_END = 1 + Long.BYTES;
    private static final int NAME_START = OWNER_END + 1;

    private final Salt listSalt;
    private final Salt memberSalt;

    /**
     * @param listSalt   the salt of {@code marks_by_owner}
     * @param memberSalt the salt of {@code marks_by_owner_and_member}
     */
    public MarkKeys(Salt listSalt, Salt memberSalt) {
        this.listSalt = listSalt;
        this.memberSalt = memberSalt;
    }

    /** The row of one member on one of the owner's lists. */
    public byte[] listRow(long ownerId, Mark mark, long memberId) {
        byte[] prefix = listPrefix(ownerId, mark);
        return ByteBuffer.allocate(prefix.length + Long.BYTES)
                .put(prefix)
                .putLong(memberId)
                .array();
    }

    /** The prefix of every row of one of the owner's lists, and of nothing else. */
    public byte[] listPrefix(long ownerId, Mark mark) {
        byte[] name = escaped(mark.tag());
        return ByteBuffer.allocate(NAME_START + name.length)
                .put(listSalt.of(ownerId))
                .putLong(ownerId)
                .put(code(mark.kind()))
                .put(name)
                .array();
    }

    /** The prefix of the rows of all the owner's tags. */
    public byte[] tagsPrefix(long ownerId) {
        return ByteBuffer.allocate(NAME_START)
                .put(listSalt.of(ownerId))
                .putLong(ownerId)
                .put(code(Mark.Kind.TAG))
                .array();
    }

    /** The member a list row is keyed by. */
    public static long memberOf(byte[] listRow) {
        return ByteBuffer.wrap(listRow, listRow.length - Long.BYTES, Long.BYTES).getLong();
    }

    /** The name of the list a list row belongs to. */
    public static String nameOf(byte[] listRow) {
        ByteArrayOutputStream name = new ByteArrayOutputStream();
        for (int i = NAME_START; ; i++) {
            if (listRow[i] != 0) {
                name.write(listRow[i]);
            } else if (listRow[++i] == 0) {
                return name.toString(StandardCharsets.UTF_8);
            } else {
                name.write(0); // an escaped 0x00
            }
        }
    }

    /**
     * The first key past every row of the list a list row belongs to: its prefix with the
     * terminator's last byte raised to 0x01, which is where a longer name that continues with
     * 0x00 would begin, and below any other longer name.
     */
    public static byte[] pastListOf(byte[] listRow) {
        byte[] past = Arrays.copyOf(listRow, listRow.length - Long.BYTES);
        past[past.length - 1] = 1;
        return past;
    }

    /** The row of every mark one owner put on one member. */
    public byte[] memberRow(long ownerId, long memberId) {
        return ByteBuffer.allocate(OWNER_END + Long.BYTES)
                .put(memberSalt.of(ownerId))
                .putLong(ownerId)
                .putLong(memberId)
                .array();
    }

    /** A mark's column in its member row: kind | name (UTF-8), never prefix-matched, so not escaped. */
    public static byte[] qualifier(Mark mark) {
        byte[] name = mark.tag().getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + name.length)
                .put(code(mark.kind()))
                .put(name)
                .array();
    }

    public static Mark markOf(byte[] qualifier) {
        return new Mark(kindOf(qualifier[0]), new String(qualifier, 1, qualifier.length - 1, StandardCharsets.UTF_8));
    }

    private static byte[] escaped(String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream escaped = new ByteArrayOutputStream(utf8.length + 2);
        for (byte b : utf8) {
            escaped.write(b);
            if (b == 0) {
                escaped.write(1);
            }
        }
        escaped.write(0);
        escaped.write(0);
        return escaped.toByteArray();
    }

    /** Stored codes, fixed here rather than taken from the enum's order. */
    private static byte code(Mark.Kind kind) {
        return switch (kind) {
            case BLOCKED -> 0;
            case HIDDEN -> 1;
            case TAG -> 2;
        };
    }

    private static Mark.Kind kindOf(byte code) {
        return switch (code) {
            case 0 -> Mark.Kind.BLOCKED;
            case 1 -> Mark.Kind.HIDDEN;
            case 2 -> Mark.Kind.TAG;
            default -> throw new IllegalStateException("unknown mark kind code " + code);
        };
    }
}
