package dev.widefeed.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/** Reads an exported Parquet file back, row by row, with Parquet's own reader and nothing of the export's. */
final class ParquetRows {
    private ParquetRows() {}

    static MessageType schema(Path file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            return reader.getFooter().getFileMetaData().getSchema();
        }
    }

    static long read(Path file, Consumer<Group> rows) throws IOException {
        long count = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                RecordReader<Group> records = new ColumnIOFactory()
                        .getColumnIO(schema)
                        .getRecordReader(pages, new GroupRecordConverter(schema));
                for (long i = 0; i < pages.getRowCount(); i++) {
                    rows.accept(records.read());
                    count++;
                }
            }
        }
        return count;
    }
}
