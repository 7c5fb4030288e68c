package dev.widefeed.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

public record BatchFollowRequest(
        @NotNull @Size(min = 1, max = 1000) List<@NotNull String> ids) {}
