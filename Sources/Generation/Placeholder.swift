public enum GenerationPlaceholder {}
