package dev.widefeed.perf.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code summary.csv} (the figures) and {@code summary.json} (goals, capacity statement and figures). */
final class SummaryFiles {
    static final String CSV = "summary.csv";
    static final String JSON = "summary.json";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryFiles() {}

    static void writeCsv(Path directory, List<Figures.Figure> figures) throws IOException {
        StringBuilder csv = new StringBuilder("scenario,metric,value,unit\n");
        for (Figures.Figure f : figures) {
            csv.append(field(f.scenario()))
                    .append(',')
                    .append(field(f.metric()))
                    .append(',')
                    .append(Fmt.plain(f.value()))
                    .append(',')
                    .append(field(f.unit()))
                    .append('\n');
        }
        Files.writeString(directory.resolve(CSV), csv, StandardCharsets.UTF_8);
    }

    static void writeJson(Path directory, List<Ratio> ratios, Capacity capacity, List<Figures.Figure> figures)
            throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode goals = root.putArray("goals");
        for (Ratio r : ratios) {
            ObjectNode goal = goals.addObject()
                    .put("key", r.key())
                    .put("name", r.name())
                    .put("goal", r.goal().toString())
                    .put("source", r.source())
                    .put("met", r.verdict());
            if (r.value() != null) {
                goal.put("value", r.value());
            } else {
                goal.putNull("value");
            }
        }
        ObjectNode plan = root.putObject("capacity").put("statement", capacity.statement());
        capacity.plan().ifPresent(p -> {
            plan.put(
                            "nodes",
                            capacity.byOperations()
                                    .map(StoreOperationsPlan::nodes)
                                    .orElse(p.nodes()))
                    .put("nodesByKnee", p.nodes())
                    .put("targetRate", p.targetRate())
                    .put("measuredNodeRate", p.measuredRate())
                    .put("headroom", p.headroom())
                    .put("perNodeSustainableRate", p.perNodeSustainable())
                    .put("replicationFactor", p.replicationFactor());
            if (p.users() != null) {
                plan.put("users", p.users());
            }
            p.nodesIfOnlyWritesReplicated().ifPresent(k -> plan.put("nodesIfOnlyWritesReplicated", k));
        });
        capacity.byOperations()
                .ifPresent(o -> plan.put("storeOperationsPerEvent", o.operationsPerEvent())
                        .put("storeCeiling", o.ceilingPerSecond())
                        .put("storeCeilingOperation", o.ceilingName()));
        root.set("figures", MAPPER.valueToTree(figures));
        MAPPER.writeValue(directory.resolve(JSON).toFile(), root);
    }

    /** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
    private static String field(String text) {
        return text.matches("(?s).*[,\"\r\n].*") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
