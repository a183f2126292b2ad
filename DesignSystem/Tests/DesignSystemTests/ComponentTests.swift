import DesignSystem
import Testing
