package dev.widefeed.drills.harness;

/** One drill: runs against a service it starts itself and answers its figures. */
public interface Drill {
    String name();

    /** The backends the drill applies to. */
    default java.util.List<String> backends() {
        return java.util.List.of("cassandra", "hbase");
    }

    Figures run(ServiceRun.Layout layout, Settings settings) throws Exception;

    /**
     * How long a drill's phases last and how hard its load pushes. {@code soakRate}: the soak's requests a second,
     * 0 to find the knee and soak at half of it; {@code followers}: the service-kill drill's author's.
     */
    record Settings(
            int warmSeconds,
            int afterSeconds,
            int users,
            double perSecond,
            int cycles,
            int churnSeconds,
            int soakMinutes,
            double soakRate,
            int followers) {
        public static final Settings FULL = new Settings(20, 30, 120, 80, 3, 600, 30, 0, 100_000);
        /**
         * The suite's short version: the same checks, over less time. The service-kill drill's author keeps 50,000
         * followers: a fan-out here pushes some 25,000 followers a second, and one of 10,000 pushes was done before a
         * kill sent on its first checkpoint landed.
         */
        public static final Settings SHORT = new Settings(8, 10, 40, 40, 1, 30, 2, 50, 50_000);

        public Settings withChurnSeconds(int seconds) {
            return new Settings(
                    warmSeconds, afterSeconds, users, perSecond, cycles, seconds, soakMinutes, soakRate, followers);
        }

        public Settings withSoak(int minutes, double rate) {
            return new Settings(
                    warmSeconds, afterSeconds, users, perSecond, cycles, churnSeconds, minutes, rate, followers);
        }

        /** The same with another follower count (the service-kill drill's author). */
        public Settings withFollowers(int count) {
            return new Settings(
                    warmSeconds, afterSeconds, users, perSecond, cycles, churnSeconds, soakMinutes, soakRate, count);
        }
    }
}
