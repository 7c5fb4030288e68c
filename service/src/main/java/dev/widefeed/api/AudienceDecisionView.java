package dev.widefeed.api;

import dev.widefeed.audience.Visibility;

/** Whether a user sees a post, and the rule that decided it. */
public record AudienceDecisionView(boolean visible, String reason) {
    public static AudienceDecisionView of(Visibility.Decision decision) {
        return new AudienceDecisionView(decision.visible(), decision.reason());
    }
}
