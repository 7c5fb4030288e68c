package dev.widefeed.hbasetools;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.snapshot.ExportSnapshot;
import org.apache.hadoop.util.ToolRunner;

/**
 * HBase's ExportSnapshot for many snapshots in one JVM: {@code ExportSnapshots FROM TO CHECKSUMS SNAPSHOT...} runs
 * {@code ExportSnapshot -snapshot S -copy-from FROM -copy-to TO} for each, in order, and exits with the first failure's
 * code. Its own {@code main} exits the JVM after one snapshot, and a JVM's start and MapReduce set-up cost seconds,
 * far more than a small table's files take to copy. Run only on HBase's server classpath (the local-store launcher's
 * tool JVM), never in the service.
 */
public final class ExportSnapshots {
    private ExportSnapshots() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: ExportSnapshots FROM TO true|false SNAPSHOT...");
            System.exit(2);
        }
        Configuration conf = HBaseConfiguration.create();
        boolean checksums = Boolean.parseBoolean(args[2]);
        for (String snapshot : Arrays.asList(args).subList(3, args.length)) {
            List<String> arguments =
                    new ArrayList<>(List.of("-snapshot", snapshot, "-copy-from", args[0], "-copy-to", args[1]));
            if (!checksums) {
                arguments.add("-no-checksum-verify");
            }
            System.out.println("=== " + String.join(" ", arguments) + " ===");
            int exit = ToolRunner.run(new Configuration(conf), new ExportSnapshot(), arguments.toArray(String[]::new));
            if (exit != 0) {
                System.err.println("ExportSnapshot of " + snapshot + " exited with code " + exit);
                System.exit(exit);
            }
        }
    }
}
