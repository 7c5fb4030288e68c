package dev.widefeed.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format 0.0.4, as the endpoint writes it: every line is a
 * {@code # HELP}, a {@code # TYPE} or a sample; a family's TYPE comes before its samples, which follow it together;
 * every sample's name fits its family's type; names are in the classic character set; label sets do not repeat.
 * Anything else fails with the line it is on. (The library ships writers only, no parser.)
 */
final class PrometheusText {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") (.*)");
    private static final Pattern TYPE =
            Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|summary|histogram|untyped)");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")(\\{(.*)})? (\\S+)( -?[0-9]+)?");
    private static final Pattern LABEL =
            Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"");
    private static final Pattern VALUE =
            Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?Inf|NaN");

    record Sample(String name, Map<String, String> labels, double value) {}

    static final class Family {
        final String name;
        String type;
        String help;
        final List<Sample> samples = new ArrayList<>();

        Family(String name) {
            this.name = name;
        }

        String type() {
            return type;
        }

        List<Sample> samples() {
            return samples;
        }

        /** The samples of this exact name (a summary's {@code _count}, say) whose labels include these. */
        List<Sample> samples(String sampleName, Map<String, String> labels) {
            return samples.stream()
                    .filter(s -> s.name().equals(sampleName))
                    .filter(s -> s.labels().entrySet().containsAll(labels.entrySet()))
                    .toList();
        }
    }

    private final Map<String, Family> families = new LinkedHashMap<>();

    private PrometheusText() {}

    static PrometheusText parse(String body) {
        PrometheusText text = new PrometheusText();
        Family current = null;
        Set<String> seenSamples = new HashSet<>();
        String[] lines = body.split("\n", -1);
        if (!lines[lines.length - 1].isEmpty()) {
            throw new IllegalArgumentException("the body does not end with a newline");
        }
        for (int i = 0; i < lines.length - 1; i++) {
            String line = lines[i];
            String where = "line " + (i + 1) + ": " + line;
            Matcher help = HELP.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher sample = SAMPLE.matcher(line);
            if (help.matches() || type.matches()) {
                String name = help.matches() ? help.group(1) : type.group(1);
                if (current == null || !current.name.equals(name)) {
                    if (text.families.containsKey(name)) {
                        throw new IllegalArgumentException("family seen twice, " + where);
                    }
                    current = new Family(name);
                    text.families.put(name, current);
                }
                if (!current.samples.isEmpty()) {
                    throw new IllegalArgumentException("metadata after samples, " + where);
                }
                if (help.matches()) {
                    if (current.help != null || current.type != null) {
                        throw new IllegalArgumentException("HELP repeated or after TYPE, " + where);
                    }
                    current.help = help.group(2);
                } else {
                    if (current.type != null) {
                        throw new IllegalArgumentException("TYPE repeated, " + where);
                    }
                    current.type = type.group(2);
                }
            } else if (sample.matches()) {
                if (current == null || current.type == null) {
                    throw new IllegalArgumentException("sample before any TYPE, " + where);
                }
                if (!fits(current, sample.group(1))) {
                    throw new IllegalArgumentException(
                            "sample outside its family " + current.name + " (" + current.type + "), " + where);
                }
                Map<String, String> labels = labels(sample.group(3), where);
                if (!VALUE.matcher(sample.group(4)).matches()) {
                    throw new IllegalArgumentException("not a value, " + where);
                }
                if (!seenSamples.add(sample.group(1) + labels)) {
                    throw new IllegalArgumentException("sample repeated, " + where);
                }
                current.samples.add(new Sample(sample.group(1), labels, value(sample.group(4))));
            } else {
                throw new IllegalArgumentException("neither HELP, TYPE nor a sample, " + where);
            }
        }
        return text;
    }

    Optional<Family> family(String name) {
        return Optional.ofNullable(families.get(name));
    }

    Set<String> names() {
        return families.keySet();
    }

    private static boolean fits(Family family, String sampleName) {
        String name = family.name;
        return switch (family.type) {
            case "summary" ->
                sampleName.equals(name) || sampleName.equals(name + "_count") || sampleName.equals(name + "_sum");
            case "histogram" ->
                sampleName.equals(name + "_bucket")
                        || sampleName.equals(name + "_count")
                        || sampleName.equals(name + "_sum");
            default -> sampleName.equals(name);
        };
    }

    private static Map<String, String> labels(String text, String where) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (text == null) {
            return labels;
        }
        Matcher label = LABEL.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (!label.find(at) || label.start() != at) {
                throw new IllegalArgumentException("bad label at " + at + ", " + where);
            }
            if (labels.put(label.group(1), label.group(2)) != null) {
                throw new IllegalArgumentException("label repeated, " + where);
            }
            at = label.end();
            if (at < text.length()) {
                if (text.charAt(at) != ',') {
                    throw new IllegalArgumentException("no comma after a label, " + where);
                }
                at++;
            }
        }
        return labels;
    }

    private static double value(String text) {
        return switch (text.replace("+", "")) {
            case "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }
}
