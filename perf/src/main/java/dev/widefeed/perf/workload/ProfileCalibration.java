package dev.widefeed.perf.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload {@code perf generate --profile} makes of a {@link WorkloadProfile}: a {@link WorkloadSpec} whose
 * population and event rates are the profiled network's.
 *
 * <ul>
 *   <li><b>Users</b>: the profile's, or {@code --users}: then the population is scaled, every per-user figure kept
 *   (exponent, mean, shares, rates per user) and the celebrities kept in proportion: of the profile's {@code c} a
 *   population of {@code N} users gets {@code round(c N / users)} (at least one if the profile has any), taken at
 *   even steps down the list from the largest (each repeated when scaling up), so the biggest always stays for the
 *   celebrity scenario and their followers stay the same share of all follows. Each is capped at {@code N - 1}.</li>
 *   <li><b>Followers</b>: {@code zipfExponent} is the profile's fitted exponent, {@code meanFollowers} its mean
 *   (celebrities included, as both define it), {@code celebrities} as above; the other users draw from the power law
 *   truncated at {@link WorkloadProfile#CELEBRITY_THRESHOLD}, because the profile lists every account above it:
 *   the untruncated law would add a second tail of its own there.</li>
 *   <li><b>Dormant users</b>: the spec's dormant share is of the non-celebrities (celebrities always read and
 *   post), while the profile's {@code 1 - activeReaderShare.7d} is of all users, so the spec gets
 *   {@code (1 - share7d) N / (N - celebrities)}.</li>
 *   <li><b>Event mix and rate</b>: the base {@code --preset} gives every kind's weight but posts'; the post weight is
 *   the home-read weight times {@code postsPerAuthorPerDay / readsPerReaderPerDay}, i.e. as many users post on a
 *   day as read their home timeline on it. The profile does not count authors, so that is an assumption (on most
 *   networks fewer users post than read, so it errs towards more posts). The rate is set so the home reads a day
 *   are the profile's, {@code readsPerReaderPerDay * activeReaderShare.24h * N} (an active reader: one who read
 *   within the day): likes, comments and the rest keep the preset's proportion to home reads.</li>
 * </ul>
 *
 * @param profile         as read
 * @param file            the profile's file name
 * @param sha256          SHA-256 of the profile file's bytes
 * @param spec            the workload
 * @param homeReadsPerDay home reads a day over the population, as the spec's rate and mix give them
 * @param postsPerDay     posts a day over the population
 */
public record ProfileCalibration(
        WorkloadProfile profile,
        String file,
        String sha256,
        WorkloadSpec spec,
        double homeReadsPerDay,
        double postsPerDay) {
    private static final double SECONDS_PER_DAY = 86_400;

    /** Reads {@code file} and calibrates a spec from it; {@code users} null for the profile's own count. */
    public static ProfileCalibration read(Path file, Integer users, long seed, WorkloadSpec.Preset base, long events)
            throws IOException {
        WorkloadProfile profile = WorkloadProfile.read(file);
        return of(profile, file.getFileName().toString(), sha256(Files.readAllBytes(file)), users, seed, base, events);
    }

    public static ProfileCalibration of(
            WorkloadProfile profile,
            String file,
            String sha256,
            Integer users,
            long seed,
            WorkloadSpec.Preset base,
            long events) {
        if (users == null && profile.users() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "the profile counts " + profile.users() + " users, more than perf " + "generates; give --users");
        }
        int n = users == null ? (int) profile.users() : users;
        if (n < 2) {
            throw new IllegalArgumentException("users must be at least 2");
        }
        WorkloadProfile.ActiveReaderShare active = profile.activeReaderShare();
        if (!(profile.readsPerReaderPerDay() > 0) || !(active.lastDay() > 0)) {
            throw new IllegalArgumentException("the profile has no home reads (readsPerReaderPerDay "
                    + profile.readsPerReaderPerDay() + ", activeReaderShare.24h " + active.lastDay()
                    + "); the workload's event rate is derived from them");
        }
        List<Integer> celebrities = celebrities(profile.celebrities(), profile.users(), n);
        double dormant = celebrities.size() >= n
                ? 0
                : Math.min(Math.nextDown(1.0), (1 - active.lastWeek()) * n / (n - celebrities.size()));

        double homeReadsPerDay = profile.readsPerReaderPerDay() * active.lastDay() * n;
        double postsPerDay = profile.postsPerAuthorPerDay() * active.lastDay() * n;
        List<Double> weights = new ArrayList<>();
        for (EventKind kind : EventKind.values()) {
            weights.add(
                    kind == EventKind.POST
                            ? base.weight(EventKind.HOME_READ)
                                    * profile.postsPerAuthorPerDay()
                                    / profile.readsPerReaderPerDay()
                            : base.weight(kind));
        }
        WorkloadSpec.CalibratedMix mix = new WorkloadSpec.CalibratedMix("calibrated " + base.label(), weights);
        double eventsPerSecond = homeReadsPerDay / SECONDS_PER_DAY / mix.share(EventKind.HOME_READ);
        WorkloadSpec spec = new WorkloadSpec(
                n,
                profile.followers().powerLaw().exponent(),
                profile.followers().mean(),
                celebrities,
                seed,
                mix,
                events,
                eventsPerSecond,
                dormant,
                (int) WorkloadProfile.CELEBRITY_THRESHOLD);
        return new ProfileCalibration(profile, file, sha256, spec, homeReadsPerDay, postsPerDay);
    }

    /** The profile's celebrities for a population of {@code users}, in proportion and capped (see above). */
    static List<Integer> celebrities(List<Long> profiled, long profileUsers, int users) {
        int c = profiled.size();
        if (c == 0) {
            return List.of();
        }
        long kept = users == profileUsers ? c : Math.max(1, Math.round((double) c * users / profileUsers));
        kept = Math.min(kept, users - 1L); // at least one ordinary user, whom the celebrities' followers come from
        List<Integer> scaled = new ArrayList<>();
        for (long j = 0; j < kept; j++) {
            long followers = profiled.get((int) (j * c / kept));
            scaled.add((int) Math.min(users - 1L, followers));
        }
        return scaled;
    }

    /** The manifest's {@code profile} object: where the spec came from and what it was derived from. */
    public Map<String, Object> manifest() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", file);
        m.put("sha256", sha256);
        m.put("source", profile.source());
        m.put("version", profile.version());
        m.put("users", profile.users());
        Map<String, Object> followers = new LinkedHashMap<>();
        followers.put("exponent", profile.followers().powerLaw().exponent());
        followers.put("xMin", profile.followers().powerLaw().xMin());
        followers.put("tailUsers", profile.followers().powerLaw().tailUsers());
        followers.put("mean", profile.followers().mean());
        followers.put("max", profile.followers().max());
        followers.put("celebrities", profile.celebrities().size());
        m.put("followers", followers);
        Map<String, Object> active = new LinkedHashMap<>();
        active.put("1h", profile.activeReaderShare().lastHour());
        active.put("24h", profile.activeReaderShare().lastDay());
        active.put("7d", profile.activeReaderShare().lastWeek());
        m.put("activeReaderShare", active);
        m.put("postsPerAuthorPerDay", profile.postsPerAuthorPerDay());
        m.put("readsPerReaderPerDay", profile.readsPerReaderPerDay());
        m.put("homeReadsPerDay", homeReadsPerDay);
        m.put("postsPerDay", postsPerDay);
        m.put(
                "assumptions",
                "as many users post on a day as read their home timeline on it; other event kinds in "
                        + "the preset's proportion to home reads; celebrities kept in proportion to the users, capped at "
                        + "users-1");
        return m;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
