package dev.widefeed.files;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.widefeed.export.PartFormat;
import dev.widefeed.export.TableShape;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * JSON Lines parts: one object per row, a member per column that has a value; timestamps as
 * ISO-8601 UTC text, bytes as Base64, maps as objects (keys as text), lists as arrays; longs as
 * JSON numbers (a reader in JavaScript should read ids as text: they pass 2^53).
 */
public final class JsonLinesFormat implements PartFormat {
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public String name() {
        return "jsonl";
    }

    @Override
    public String extension() {
        return "jsonl";
    }

    @Override
    public PartWriter create(Path file, TableShape shape) throws IOException {
        JsonGenerator out = JSON.createGenerator(file.toFile(), JsonEncoding.UTF8);
        out.setRootValueSeparator(null);
        List<String> names =
                shape.columns().stream().map(TableShape.Column::name).toList();
        return new PartWriter() {
            @Override
            public void write(Object[] row) throws IOException {
                out.writeStartObject();
                for (int i = 0; i < row.length; i++) {
                    if (row[i] != null) {
                        out.writeFieldName(names.get(i));
                        value(out, row[i]);
                    }
                }
                out.writeEndObject();
                out.writeRaw('\n');
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        };
    }

    private static void value(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof Long l) {
            out.writeNumber(l);
        } else if (value instanceof Integer i) {
            out.writeNumber(i);
        } else if (value instanceof Boolean b) {
            out.writeBoolean(b);
        } else if (value instanceof Double d) {
            out.writeNumber(d);
        } else if (value instanceof Instant t) {
            out.writeString(t.toString());
        } else if (value instanceof String s) {
            out.writeString(s);
        } else if (value instanceof byte[] bytes) {
            out.writeString(Base64.getEncoder().encodeToString(bytes));
        } else if (value instanceof Map<?, ?> map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.writeFieldName(String.valueOf(entry.getKey()));
                value(out, entry.getValue());
            }
            out.writeEndObject();
        } else if (value instanceof Collection<?> list) {
            out.writeStartArray();
            for (Object element : list) {
                value(out, element);
            }
            out.writeEndArray();
        } else {
            throw new IllegalArgumentException(
                    "cannot write a " + value.getClass().getName());
        }
    }
}
