package dev.widefeed.store.hbase.rows;

import dev.widefeed.graph.Handle;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A text's mentions as qualifiers of the family that holds the text: {@code '@' + handle} (UTF-8) -> the holder's user
 * id (8 bytes). No other qualifier of those families starts with {@code '@'}.
 */
public final class HBaseMentions {
    private static final byte[] PREFIX = Bytes.toBytes("@");

    private HBaseMentions() {}

    public static void write(Put put, byte[] family, Map<Handle, Long> mentions) {
        mentions.forEach((handle, user) -> put.addColumn(family, qualifier(handle), Bytes.toBytes(user)));
    }

    public static Map<Handle, Long> read(Result row, byte[] family) {
        Map<Handle, Long> mentions = new HashMap<>();
        NavigableMap<byte[], byte[]> cells = row.getFamilyMap(family);
        if (cells != null) {
            cells.tailMap(PREFIX, true).forEach((qualifier, value) -> {
                if (Bytes.startsWith(qualifier, PREFIX)) {
                    mentions.put(
                            new Handle(Bytes.toString(qualifier, PREFIX.length, qualifier.length - PREFIX.length)),
                            Bytes.toLong(value));
                }
            });
        }
        return mentions;
    }

    /** Adds the removal of every mention's qualifier to {@code delete}. */
    public static void delete(Delete delete, byte[] family, Map<Handle, Long> mentions) {
        mentions.keySet().forEach(handle -> delete.addColumns(family, qualifier(handle)));
    }

    private static byte[] qualifier(Handle handle) {
        return Bytes.add(PREFIX, Bytes.toBytes(handle.value()));
    }
}
