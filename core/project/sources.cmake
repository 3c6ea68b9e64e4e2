# core/project: .tessera project files (script + trace + view state + target settings).
