package dev.widefeed.analytics;

/** Drift planted straight in a store's counter tables, as a lost or doubled increment leaves it. */
interface CounterPlanter extends AutoCloseable {
    /** Adds {@code delta} to a post's or a user's counter ({@code kind} {@code post} or {@code user}). */
    void plant(String kind, String counter, long id, long delta);

    @Override
    void close();
}
