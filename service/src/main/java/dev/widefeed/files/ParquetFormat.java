package dev.widefeed.files;

import dev.widefeed.export.ColumnType;
import dev.widefeed.export.PartFormat;
import dev.widefeed.export.TableShape;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Apache Parquet parts: one typed column per table column (all optional, since a store may hold
 * a row without a value), maps and lists as Parquet's MAP and LIST, timestamps as milliseconds
 * since the epoch in UTC, Snappy-compressed, so DuckDB, pandas (pyarrow) and Spark read them as they are.
 */
public final class ParquetFormat implements PartFormat {

    @Override
    public String name() {
        return "parquet";
    }

    @Override
    public String extension() {
        return "parquet";
    }

    @Override
    public PartWriter create(Path file, TableShape shape) throws IOException {
        ParquetWriter<Object[]> writer = new RowsBuilder(new LocalOutputFile(file), schema(shape))
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .build();
        return new PartWriter() {
            @Override
            public void write(Object[] row) throws IOException {
                writer.write(row);
            }

            @Override
            public void close() throws IOException {
                writer.close();
            }
        };
    }

    /** The Parquet schema of a table's rows: a message named after the table. */
    public static MessageType schema(TableShape shape) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (TableShape.Column column : shape.columns()) {
            message.addField(field(column.name(), column.type()));
        }
        return message.named(shape.table());
    }

    private static Type field(String name, ColumnType type) {
        if (type instanceof ColumnType.MapOf map) {
            return Types.optionalMap()
                    .key(scalar(Types.required(primitive(map.key())), map.key()).named("key"))
                    .value(scalar(Types.optional(primitive(map.value())), map.value())
                            .named("value"))
                    .named(name);
        }
        if (type instanceof ColumnType.ListOf list) {
            return Types.optionalList()
                    .element(scalar(Types.optional(primitive(list.element())), list.element())
                            .named("element"))
                    .named(name);
        }
        ColumnType.Kind kind = ((ColumnType.Scalar) type).kind();
        return scalar(Types.optional(primitive(kind)), kind).named(name);
    }

    private static PrimitiveTypeName primitive(ColumnType.Kind kind) {
        return switch (kind) {
            case LONG, TIMESTAMP -> PrimitiveTypeName.INT64;
            case INT -> PrimitiveTypeName.INT32;
            case BOOLEAN -> PrimitiveTypeName.BOOLEAN;
            case DOUBLE -> PrimitiveTypeName.DOUBLE;
            case STRING, BYTES -> PrimitiveTypeName.BINARY;
        };
    }

    private static Types.PrimitiveBuilder<PrimitiveType> scalar(
            Types.PrimitiveBuilder<PrimitiveType> builder, ColumnType.Kind kind) {
        return switch (kind) {
            case STRING -> builder.as(LogicalTypeAnnotation.stringType());
            case TIMESTAMP ->
                builder.as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS));
            default -> builder;
        };
    }

    private static final class RowsBuilder extends ParquetWriter.Builder<Object[], RowsBuilder> {
        private final MessageType schema;

        RowsBuilder(OutputFile file, MessageType schema) {
            super(file);
            this.schema = schema;
        }

        @Override
        protected RowsBuilder self() {
            return this;
        }

        @Override
        protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
            return new RowWriteSupport(schema);
        }
    }

    /** Hands each row's values to Parquet's record consumer, column by column. */
    private static final class RowWriteSupport extends WriteSupport<Object[]> {
        private final MessageType schema;
        private RecordConsumer consumer;

        RowWriteSupport(MessageType schema) {
            this.schema = schema;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema, Map.of());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Object[] row) {
            consumer.startMessage();
            List<Type> fields = schema.getFields();
            for (int i = 0; i < fields.size(); i++) {
                if (row[i] == null) {
                    continue;
                }
                Type field = fields.get(i);
                consumer.startField(field.getName(), i);
                if (field.isPrimitive()) {
                    value(row[i]);
                } else if (row[i] instanceof Map<?, ?> map) {
                    map(map);
                } else {
                    list((Collection<?>) row[i]);
                }
                consumer.endField(field.getName(), i);
            }
            consumer.endMessage();
        }

        private void map(Map<?, ?> map) {
            consumer.startGroup();
            if (!map.isEmpty()) {
                consumer.startField("key_value", 0);
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    consumer.startGroup();
                    consumer.startField("key", 0);
                    value(entry.getKey());
                    consumer.endField("key", 0);
                    if (entry.getValue() != null) {
                        consumer.startField("value", 1);
                        value(entry.getValue());
                        consumer.endField("value", 1);
                    }
                    consumer.endGroup();
                }
                consumer.endField("key_value", 0);
            }
            consumer.endGroup();
        }

        private void list(Collection<?> list) {
            consumer.startGroup();
            if (!list.isEmpty()) {
                consumer.startField("list", 0);
                for (Object element : list) {
                    consumer.startGroup();
                    if (element != null) {
                        consumer.startField("element", 0);
                        value(element);
                        consumer.endField("element", 0);
                    }
                    consumer.endGroup();
                }
                consumer.endField("list", 0);
            }
            consumer.endGroup();
        }

        private void value(Object value) {
            if (value instanceof Long l) {
                consumer.addLong(l);
            } else if (value instanceof Integer i) {
                consumer.addInteger(i);
            } else if (value instanceof Boolean b) {
                consumer.addBoolean(b);
            } else if (value instanceof Double d) {
                consumer.addDouble(d);
            } else if (value instanceof Instant t) {
                consumer.addLong(t.toEpochMilli());
            } else if (value instanceof String s) {
                consumer.addBinary(Binary.fromString(s));
            } else if (value instanceof byte[] bytes) {
                consumer.addBinary(Binary.fromConstantByteArray(bytes));
            } else {
                throw new IllegalArgumentException(
                        "cannot write a " + value.getClass().getName());
            }
        }
    }
}
