package dev.widefeed.http;

import dev.widefeed.store.RequestBudget;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.time.Duration;

/**
 * Gives every API request its {@link RequestBudget} of store time. A servlet filter rather than a Jersey one, so
 * the budget is taken back off the thread however the request ends.
 */
public final class RequestBudgetFilter implements Filter {
    private final Duration budget;

    public RequestBudgetFilter(Duration budget) {
        this.budget = budget;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        RequestBudget.begin(budget);
        try {
            chain.doFilter(request, response);
        } finally {
            RequestBudget.end();
        }
    }
}
