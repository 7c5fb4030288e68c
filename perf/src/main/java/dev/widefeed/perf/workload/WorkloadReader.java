package dev.widefeed.perf.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;

/**
 * Reads a workload directory written by {@link WorkloadWriter}, streaming: a population of millions is never held
 * in memory as objects. Every reader checks the header line, so a file from another generator fails loudly.
 */
public final class WorkloadReader {
    private final Path directory;
    private final JsonNode manifest;

    private WorkloadReader(Path directory, JsonNode manifest) {
        this.directory = directory;
        this.manifest = manifest;
    }

    /** @throws IllegalArgumentException if the directory holds no workload */
    public static WorkloadReader open(Path directory) throws IOException {
        try {
            return new WorkloadReader(
                    directory,
                    new ObjectMapper()
                            .readTree(directory.resolve(WorkloadWriter.MANIFEST).toFile()));
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IllegalArgumentException(directory + " holds no workload (no " + WorkloadWriter.MANIFEST
                    + "; write one with `perf generate`)");
        }
    }

    public Path directory() {
        return directory;
    }

    /** The manifest as written: spec, counts, celebrities, files. */
    public JsonNode manifest() {
        return manifest;
    }

    public long seed() {
        return manifest.path("spec").path("seed").asLong();
    }

    public int users() {
        return manifest.path("counts").path("users").asInt();
    }

    public long follows() {
        return manifest.path("counts").path("follows").asLong();
    }

    public long eventCount() {
        return manifest.path("counts").path("events").asLong();
    }

    /** The rate the event offsets were generated at. */
    public double eventsPerSecond() {
        return manifest.path("spec").path("eventsPerSecond").asDouble();
    }

    /** Celebrity {@code i} is user {@code i}; this is their follower count. */
    public int[] celebrityFollowers() {
        JsonNode list = manifest.path("celebrities");
        int[] followers = new int[list.size()];
        for (int i = 0; i < followers.length; i++) {
            followers[i] = list.get(i).path("followers").asInt();
        }
        return followers;
    }

    @FunctionalInterface
    public interface UserSink {
        void accept(int user, int followers, double readsPerDay, double postsPerDay);
    }

    @FunctionalInterface
    public interface FollowSink {
        void accept(int follower, int followee);
    }

    public void users(UserSink sink) throws IOException {
        try (BufferedReader in = open(WorkloadWriter.USERS, "user\tfollowers\treads_per_day\tposts_per_day")) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t", -1);
                sink.accept(
                        Integer.parseInt(f[0]),
                        Integer.parseInt(f[1]),
                        Double.parseDouble(f[2]),
                        Double.parseDouble(f[3]));
            }
        }
    }

    public void follows(FollowSink sink) throws IOException {
        try (BufferedReader in = open(WorkloadWriter.FOLLOWS, "follower\tfollowee")) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int tab = line.indexOf('\t');
                sink.accept(Integer.parseInt(line, 0, tab, 10), Integer.parseInt(line, tab + 1, line.length(), 10));
            }
        }
    }

    /** The events in file order (offsets ascending); close the iterator's reader by exhausting it or via close. */
    public EventStream events() throws IOException {
        return new EventStream(open(WorkloadWriter.EVENTS, "offset_ms\tkind\tactor\ttarget"));
    }

    /** A one-pass iterator over {@code events.tsv.gz}. */
    public static final class EventStream implements Iterator<WorkloadEvent>, AutoCloseable {
        private final BufferedReader in;
        private String next;

        private EventStream(BufferedReader in) throws IOException {
            this.in = in;
            this.next = in.readLine();
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public WorkloadEvent next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            String[] f = next.split("\t", -1);
            WorkloadEvent event = new WorkloadEvent(
                    Long.parseLong(f[0]), EventKind.fromLabel(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]));
            try {
                next = in.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return event;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    private BufferedReader open(String name, String header) throws IOException {
        BufferedReader in = new BufferedReader(
                new InputStreamReader(
                        new GZIPInputStream(Files.newInputStream(directory.resolve(name)), 1 << 16),
                        StandardCharsets.UTF_8),
                1 << 16);
        String first = in.readLine();
        if (!header.equals(first)) {
            in.close();
            throw new IllegalArgumentException(
                    directory.resolve(name) + ": expected header '" + header + "', got '" + first + "'");
        }
        return in;
    }
}
