package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.graph.Handle;
import java.util.HashMap;
import java.util.Map;

/** A text's mentions as a {@code mentions map<text, bigint>} column: each handle, and who held it. */
public final class CqlMentions {
    private CqlMentions() {}

    public static Map<String, Long> write(Map<Handle, Long> mentions) {
        Map<String, Long> byHandle = new HashMap<>();
        mentions.forEach((handle, user) -> byHandle.put(handle.value(), user));
        return byHandle;
    }

    /** The row's {@code mentions} column (an absent map reads as empty). */
    public static Map<Handle, Long> read(Row row) {
        Map<Handle, Long> byHandle = new HashMap<>();
        row.getMap("mentions", String.class, Long.class)
                .forEach((handle, user) -> byHandle.put(new Handle(handle), user));
        return byHandle;
    }
}
