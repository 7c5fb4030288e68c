package dev.widefeed.tasks;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** Numbers from an admin task's parameters: a typo is reported to the operator, not thrown as a 500. */
final class TaskParameters {
    /** A parameter that is not a number. */
    static final class NotANumber extends Exception {
        NotANumber(String name, String raw) {
            super(name + " must be a number, was '" + raw + "'", null, false, false);
        }
    }

    private TaskParameters() {}

    static List<Long> numbers(Map<String, List<String>> parameters, String name) throws NotANumber {
        List<String> raw = parameters.getOrDefault(name, List.of());
        long[] values = new long[raw.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = number(name, raw.get(i));
        }
        return Arrays.stream(values).boxed().toList();
    }

    static OptionalLong number(Map<String, List<String>> parameters, String name) throws NotANumber {
        List<String> raw = parameters.getOrDefault(name, List.of());
        return raw.isEmpty() ? OptionalLong.empty() : OptionalLong.of(number(name, raw.get(0)));
    }

    private static long number(String name, String raw) throws NotANumber {
        try {
            return Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            throw new NotANumber(name, raw);
        }
    }
}
