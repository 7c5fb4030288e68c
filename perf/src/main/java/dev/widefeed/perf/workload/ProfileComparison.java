package dev.widefeed.perf.workload;

import dev.widefeed.stats.PowerLawFit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a workload generated from a profile compares with it, measured on the workload as written
 * ({@code users.tsv.gz}): the power law {@link PowerLawFit} finds in the generated follower counts beside the
 * profile's and beside the same fit of the profile's own histogram (like against like: the job may fit another way),
 * the mean and largest counts, the accounts above the celebrity threshold, and the share of users
 * {@code perf load} will mark as having read within an hour, a day and a week: each user with probability
 * {@code 1 - exp(-readsPerDay * window)}, as {@code load} draws it, from the reads a day the workload gives them.
 *
 * @param profileFit      perf's fit of the profile's histogram, if it has a tail to fit
 * @param generatedFit    perf's fit of the generated counts, if they have a tail to fit
 * @param generatedMean   mean followers per generated user
 * @param generatedMax    the largest generated count
 * @param generatedAbove  generated users with more than {@link WorkloadProfile#CELEBRITY_THRESHOLD} followers
 * @param generatedActive expected share of generated users with a read within 1 h, 24 h and 7 d
 */
public record ProfileComparison(
        Optional<PowerLawFit> profileFit,
        Optional<PowerLawFit> generatedFit,
        double generatedMean,
        long generatedMax,
        long generatedAbove,
        List<Double> generatedActive) {
    private static final double[] WINDOW_DAYS = {1.0 / 24, 1, 7};

    public static ProfileComparison of(WorkloadProfile profile, WorkloadReader workload) throws IOException {
        int n = workload.users();
        int[] followers = new int[n];
        double[] active = new double[WINDOW_DAYS.length];
        workload.users((user, count, readsPerDay, postsPerDay) -> {
            followers[user] = count;
            for (int w = 0; w < WINDOW_DAYS.length; w++) {
                active[w] -= Math.expm1(-readsPerDay * WINDOW_DAYS[w]);
            }
        });
        long edges = 0;
        long max = 0;
        long above = 0;
        for (int f : followers) {
            edges += f;
            max = Math.max(max, f);
            if (f > WorkloadProfile.CELEBRITY_THRESHOLD) {
                above++;
            }
        }
        List<Double> shares = new ArrayList<>();
        for (double a : active) {
            shares.add(a / n);
        }
        return new ProfileComparison(
                PowerLawFit.of(profile.usersByFollowers()),
                PowerLawFit.of(followers),
                (double) edges / n,
                max,
                above,
                shares);
    }

    /** The comparison as lines for the console, profile first, generated second. */
    public List<String> lines(ProfileCalibration calibration) {
        WorkloadProfile profile = calibration.profile();
        WorkloadSpec spec = calibration.spec();
        WorkloadProfile.PowerLaw law = profile.followers().powerLaw();
        WorkloadProfile.ActiveReaderShare share = profile.activeReaderShare();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT,
                "profile %s (%s): %,d users%s",
                calibration.file(),
                profile.source(),
                profile.users(),
                spec.users() == profile.users() ? "" : String.format(Locale.ROOT, ", generated %,d", spec.users())));
        lines.add(String.format(
                Locale.ROOT,
                "  follower exponent: profile %.3f (x_min %,d, %,d users); perf's fit of "
                        + "its histogram %s; generated %s",
                law.exponent(),
                law.xMin(),
                law.tailUsers(),
                describe(profileFit),
                describe(generatedFit)));
        lines.add(String.format(
                Locale.ROOT,
                "  mean followers: profile %.2f, generated %.2f",
                profile.followers().mean(),
                generatedMean));
        lines.add(String.format(
                Locale.ROOT,
                "  max followers: profile %,d, generated %,d%s",
                profile.followers().max(),
                generatedMax,
                generatedMax == spec.users() - 1L && profile.followers().max() > generatedMax ? " (users-1)" : ""));
        lines.add(String.format(
                Locale.ROOT,
                "  accounts with more than %,d followers: profile %,d, generated %,d",
                WorkloadProfile.CELEBRITY_THRESHOLD,
                profile.celebrities().size(),
                generatedAbove));
        lines.add(String.format(
                Locale.ROOT,
                "  read within 1 h / 24 h / 7 d: profile %.1f / %.1f / %.1f %%, generated "
                        + "%.1f / %.1f / %.1f %% (as load will mark them)",
                100 * share.lastHour(),
                100 * share.lastDay(),
                100 * share.lastWeek(),
                100 * generatedActive.get(0),
                100 * generatedActive.get(1),
                100 * generatedActive.get(2)));
        lines.add(String.format(
                Locale.ROOT,
                "  events: %,.0f home reads and %,.0f posts a day (as many users post as "
                        + "read in a day: the profile does not count authors), %.3g events/s, mix %s",
                calibration.homeReadsPerDay(),
                calibration.postsPerDay(),
                spec.eventsPerSecond(),
                spec.mix().label()));
        return lines;
    }

    private static String describe(Optional<PowerLawFit> fit) {
        return fit.map(f -> String.format(
                        Locale.ROOT,
                        "%.3f ± %.3f (x_min %,d, %,d users, KS %.4f)",
                        f.exponent(),
                        f.standardError(),
                        f.xMin(),
                        f.tailSize(),
                        f.ksDistance()))
                .orElse("none (too few users in any tail)");
    }
}
